// How the revision point screens describe a schedule and a validity period in a line.
import { WEEKDAYS, type Weekday } from '../../../../../core/revisionPoints.js';

type Rule = { readonly startHour: string; readonly endHour: string } & { readonly [D in Weekday]: boolean };

/** "lun a vie 09:00–14:00 · sáb 09:00–12:00": runs of three or more days as a range. */
export function scheduleSummary(rules: readonly Rule[], dayNames: Record<Weekday, string>, through: string): string {
  return rules
    .map((rule) => {
      const on = WEEKDAYS.map((d, i) => (rule[d] ? i : -1)).filter((i) => i >= 0);
      const runs: number[][] = [];
      for (const i of on) {
        const last = runs.at(-1);
        if (last && last.at(-1) === i - 1) last.push(i);
        else runs.push([i]);
      }
      const days = runs
        .map((run) =>
          run.length >= 3 ? `${dayNames[WEEKDAYS[run[0]]]} ${through} ${dayNames[WEEKDAYS[run.at(-1)!]]}` : run.map((i) => dayNames[WEEKDAYS[i]]).join(', '),
        )
        .join(', ');
      return `${days} ${rule.startHour}–${rule.endHour}`;
    })
    .join(' · ');
}
