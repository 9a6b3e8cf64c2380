import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeasonPlayer } from '@scoreline/contracts/api/bonus';
import { Combobox } from '@/components/ui/combobox';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useSeasonPlayers } from '../api/get-season-players';

/** The players are searched this long after typing stops. */
export const PLAYER_SEARCH_DEBOUNCE_MS = 250;

const playerKey = (player: SeasonPlayer) => `${player.team_id}:${player.name}`;

/**
 * The top-scorer answer of a tournament with squads: a combobox (WAI-ARIA pattern: arrows, Enter,
 * Escape) over the season's players matching what is typed, each with their team. The field holds
 * the text; choosing a player writes the squad's spelling. A name typed without choosing is saved
 * as typed and checked by the server (case and accents aside), which names the field when no
 * player of the squads has it (`error`).
 */
export function TopScorerPicker({
  seasonId,
  label,
  worth,
  value,
  error,
  onChange,
}: {
  seasonId: number;
  label: string;
  /** The question's points, shown beside the label. */
  worth: ReactNode;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('bonus');
  const id = `bonus-top-scorer-${useId()}`;
  const [open, setOpen] = useState(false);
  const search = useDebouncedValue(value, PLAYER_SEARCH_DEBOUNCE_MS);
  const players = useSeasonPlayers(seasonId, search, { enabled: open });
  const options = players.data?.players ?? [];
  const chosen = options.find((p) => p.name === value.trim());
  const page = players.data;
  const header = page && page.has_next ? t('squad.more', { shown: page.players.length, count: page.total_count }) : undefined;

  return (
    <div>
      <div className="relative">
        <div className="absolute top-0 right-0">{worth}</div>
        <Combobox<SeasonPlayer>
          id={id}
          label={label}
          placeholder={t('squad.placeholder')}
          inputValue={value}
          onInputChange={onChange}
          options={options}
          getOptionKey={playerKey}
          getOptionLabel={(p) => p.name}
          selectedKey={chosen ? playerKey(chosen) : null}
          onSelect={(p) => onChange(p.name)}
          onOpenChange={setOpen}
          loading={open && players.isPending}
          message={players.isError ? t('squad.loadError') : undefined}
          header={header}
          emptyText={t('squad.empty')}
          invalid={error !== undefined}
          // The input is described by its hint: the error is read with it.
          hint={
            <>
              {t('squad.hint')}
              {error ? (
                <span id={`${id}-error`} className="mt-1.5 block text-sm font-medium text-danger">
                  {error}
                </span>
              ) : null}
            </>
          }
          onClear={() => onChange('')}
          renderOption={(p) => (
            <span className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-baseline sm:justify-between sm:gap-3">
              <span className="truncate">{p.name}</span>
              <span className="truncate text-xs text-muted sm:shrink-0">
                {t('squad.option', { team: p.team_name, number: p.number, position: t(`squad.position.${p.position}`) })}
              </span>
            </span>
          )}
        />
      </div>
      {players.isError ? (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-danger">
          {t('squad.loadError')}
          <button
            type="button"
            onClick={() => void players.refetch()}
            className="rounded-lg font-medium text-accent underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-focus"
          >
            {t('squad.retry')}
          </button>
        </p>
      ) : null}
    </div>
  );
}
