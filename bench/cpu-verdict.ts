import type { CpuRow } from './cpu-table';

/** Growth over the recorded figure that the verdict calls a failure. */
export const CPU_TOLERANCE = 0.2;

/** The recorded figures of the section as written before: `worker operation` → ms. */
export function recordedFigures(section: string): Map<string, number> {
  const recorded = new Map<string, number>();
  for (const match of section.matchAll(/^\| (verify|launch|bare) \| (.+?) \| ([\d.]+) \|/gm)) recorded.set(`${match[1]} ${match[2]}`, Number(match[3]));
  return recorded;
}

/**
 * The table, with the recorded figure kept (or set by this run when there is none, or when
 * `record` asks for it) and a verdict per operation against it.
 */
export function cpuTable(rows: CpuRow[], recorded: Map<string, number>, record: boolean): { markdown: string; verdicts: string[] } {
  const lines = ['| worker | operation | recorded ms | this run ms | change | verdict |', '|---|---|---:|---:|---:|---|'];
  const verdicts: string[] = [];
  for (const row of rows) {
    const previous = record ? undefined : recorded.get(`${row.worker} ${row.operation}`);
    const baseline = previous ?? row.ms;
    const change = baseline > 0 ? row.ms / baseline - 1 : 0;
    const verdict =
      previous === undefined
        ? 'recorded'
        : change > CPU_TOLERANCE
          ? `FAIL: ${row.worker} ${row.operation} grew ${(100 * change).toFixed(0)}% over the recorded ${previous.toFixed(2)} ms`
          : 'ok';
    verdicts.push(verdict === 'ok' || verdict === 'recorded' ? `${verdict}: ${row.worker} ${row.operation} ${row.ms.toFixed(2)} ms` : verdict);
    const shown = previous === undefined ? '' : `${change >= 0 ? '+' : ''}${(100 * change).toFixed(0)}%`;
    lines.push(
      `| ${row.worker} | ${row.operation} | ${baseline.toFixed(2)} | ${row.ms.toFixed(2)} | ${shown} | ${verdict.startsWith('FAIL') ? '**FAIL**' : verdict} |`,
    );
  }
  return { markdown: lines.join('\n'), verdicts };
}
