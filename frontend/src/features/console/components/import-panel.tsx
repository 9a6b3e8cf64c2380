import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportSeasonResult } from '@scoreline/contracts/api/admin';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox, inputClasses } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { useImportSeason } from '../api/import-season';
import { checkLeagueCode, parseSeasonFile } from '../utils/import-file';
import { formErrorsOf } from '../utils/server-errors';
import { ConsoleField } from './console-field';
import { ImportReport } from './import-report';
import { SectionHeading } from './section-heading';

const IMPORT_FIELDS = ['season', 'league_code', 'activate', 'shift_to_now'] as const;
type ImportField = (typeof IMPORT_FIELDS)[number];

/** Import: an openfootball season file pasted or uploaded, its options, and the server's report. */
export function ImportPanel() {
  const { t } = useTranslation('console');
  const fileId = useId();
  const importSeason = useImportSeason();
  const [text, setText] = useState('');
  const [activate, setActivate] = useState(true);
  const [shiftToNow, setShiftToNow] = useState(false);
  const [leagueCode, setLeagueCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<ImportField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [report, setReport] = useState<ImportSeasonResult | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setFileError(null);
    if (!file) return;
    try {
      setText(await file.text());
    } catch {
      setFileError(t('import.errors.unreadable'));
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const file = parseSeasonFile(text);
    const code = checkLeagueCode(leagueCode);
    const found: Partial<Record<ImportField, string>> = {};
    if (!file.ok) found.season = t(`import.errors.${file.problem}`);
    if (!code.ok) found.league_code = t('import.errors.leagueCode');
    setErrors(found);
    if (!file.ok || !code.ok) return;
    importSeason.mutate(
      { season: file.season, activate, shift_to_now: shiftToNow, ...(code.code ? { league_code: code.code } : {}) },
      {
        onSuccess: setReport,
        onError: (error) => {
          const placed = formErrorsOf(error, IMPORT_FIELDS);
          setErrors(placed.fields);
          // A file the server refuses as a whole answers 400 without a field: it is about the file.
          if (Object.keys(placed.fields).length === 0) {
            if (placed.message) setErrors({ season: placed.message });
            else setFailure(t('import.failed'));
          }
        },
      },
    );
  };

  return (
    <div className="space-y-8">
      <section aria-labelledby="console-import-heading">
        <SectionHeading id="console-import-heading" title={t('import.title')} description={t('import.description')} />
        <Card className="p-4 sm:p-6">
          <form onSubmit={onSubmit} noValidate>
            <fieldset disabled={importSeason.isPending} className="space-y-5">
              <div>
                <label htmlFor={fileId} className="mb-1.5 block text-sm font-medium text-fg">
                  {t('import.upload')}
                </label>
                <input
                  id={fileId}
                  type="file"
                  accept="application/json,.json"
                  onChange={(event) => void onFile(event)}
                  className="block w-full text-sm text-muted file:mr-3 file:rounded-lg file:border file:border-line file:bg-surface-2 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-fg"
                />
                {fileError ? <p className="mt-1.5 text-sm font-medium text-danger">{fileError}</p> : null}
              </div>
              <ConsoleField label={t('import.paste')} hint={t('import.pasteHint')} error={errors.season}>
                {(control) => (
                  <textarea
                    {...control}
                    value={text}
                    onChange={(event) => setText(event.target.value)}
                    rows={10}
                    spellCheck={false}
                    placeholder='{"name": "Premier League 2025/26", "matches": [...]}'
                    className={cn(inputClasses, 'h-auto py-2.5 font-mono text-xs')}
                  />
                )}
              </ConsoleField>
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="space-y-3">
                  <Checkbox label={t('import.activate')} checked={activate} onChange={(event) => setActivate(event.target.checked)} />
                  <Checkbox label={t('import.shiftToNow')} checked={shiftToNow} onChange={(event) => setShiftToNow(event.target.checked)} />
                  {errors.activate ? <p className="text-sm font-medium text-danger">{errors.activate}</p> : null}
                  {errors.shift_to_now ? <p className="text-sm font-medium text-danger">{errors.shift_to_now}</p> : null}
                </div>
                <ConsoleField label={t('import.leagueCode')} hint={t('import.leagueCodeHint')} error={errors.league_code}>
                  {(control) => (
                    <input {...control} value={leagueCode} onChange={(event) => setLeagueCode(event.target.value)} placeholder="en.1" autoComplete="off" spellCheck={false} className={inputClasses} />
                  )}
                </ConsoleField>
              </div>
              {failure ? (
                <Alert>
                  <p>{failure}</p>
                </Alert>
              ) : null}
              <Button type="submit" loading={importSeason.isPending}>
                {importSeason.isPending ? t('import.importing') : t('import.submit')}
              </Button>
            </fieldset>
          </form>
        </Card>
      </section>
      {report ? <ImportReport report={report} /> : null}
    </div>
  );
}
