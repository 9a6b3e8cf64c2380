import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportSeasonResult } from '@scoreline/contracts/api/admin';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';

function Count({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-xl border border-line bg-surface-2 p-3">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-fg tabular-nums">{value}</dd>
    </div>
  );
}

/** What an import did: the season, fixtures created/updated, clubs created, and every refused row with its reason. */
export function ImportReport({ report }: { report: ImportSeasonResult }) {
  const { t } = useTranslation('console');
  const dash = t('none');
  return (
    <section aria-labelledby="console-import-report" className="space-y-4">
      <Alert tone="success">
        <p>{t('import.report.done', { season: report.season.name })}</p>
      </Alert>
      <Card>
        <CardHeader
          title={<span id="console-import-report">{t('import.report.title', { season: report.season.name })}</span>}
          description={t('import.report.season', { label: report.season.label, code: report.season.league_code, gameweeks: report.gameweeks })}
          action={report.season.is_active ? <Badge tone="success">{t('import.report.active')}</Badge> : <Badge>{t('import.report.inactive')}</Badge>}
        />
        <CardBody className="space-y-6">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Count label={t('import.report.created')} value={report.fixtures.created} />
            <Count label={t('import.report.updated')} value={report.fixtures.updated} />
            <Count label={t('import.report.unchanged')} value={report.fixtures.unchanged} />
            <Count label={t('import.report.refusedCount')} value={report.refused.length} />
          </dl>
          <ul className="space-y-1 text-sm text-fg">
            <li>{t('import.report.total', { count: report.fixtures.total })}</li>
            <li>{t('import.report.results', { count: report.results_recorded })}</li>
            <li>{t('import.report.shift', { count: report.shift_days })}</li>
            <li>{report.clubs_created.length > 0 ? t('import.report.clubs', { clubs: report.clubs_created.join(', ') }) : t('import.report.noClubs')}</li>
            {report.tournament ? <li>{t('import.report.placeholders', { count: report.tournament.placeholders })}</li> : null}
          </ul>
          {report.tournament && report.tournament.missing.length > 0 ? (
            <div>
              <h3 className="text-sm font-semibold text-fg">{t('import.report.missing')}</h3>
              <ul className="mt-2 space-y-1 text-sm">
                {report.tournament.missing.map((m) => (
                  <li key={m.key}>
                    <span className="font-mono text-xs">{m.key}</span> — {m.reason}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <div>
            <h3 className="mb-2 text-sm font-semibold text-fg">{t('import.report.refused')}</h3>
            {report.refused.length === 0 ? (
              <p className="text-sm text-muted">{t('import.report.noneRefused')}</p>
            ) : (
              <div className="overflow-hidden rounded-xl border border-line">
                <Table caption={t('import.report.refused')}>
                  <THead>
                    <tr>
                      <TH>{t('import.report.row')}</TH>
                      <TH>{t('import.report.round')}</TH>
                      <TH>{t('import.report.date')}</TH>
                      <TH>{t('import.report.match')}</TH>
                      <TH>{t('import.report.reason')}</TH>
                    </tr>
                  </THead>
                  <TBody>
                    {report.refused.map((row) => (
                      <TR key={row.row}>
                        <TD className="sticky left-0 bg-surface font-mono">{`matches[${row.row}]`}</TD>
                        <TD>{row.round ?? dash}</TD>
                        <TD>{row.date ?? dash}</TD>
                        <TD>{t('fixtureName', { home: row.home ?? dash, away: row.away ?? dash })}</TD>
                        <TD className="min-w-64 whitespace-normal">{row.reason}</TD>
                      </TR>
                    ))}
                  </TBody>
                </Table>
              </div>
            )}
          </div>
        </CardBody>
      </Card>
    </section>
  );
}
