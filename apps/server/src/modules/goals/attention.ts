/** The goals' part of the home page's "Needs attention": this fiscal year's overall goal. */
import type { AttentionPart } from '../../platform/attention.ts';
import { dashboardFor } from './report.ts';

/** As the Goals Dashboard shows it for every file, under the organisation's counting rule. */
export const yearGoal: AttentionPart<'goal'> = async (db, { clientRef }) => {
  const d = await dashboardFor(db, { clientRef, selectedIds: [] }, undefined);
  return {
    fiscalYear: d.fiscalYear,
    label: d.label,
    overall: d.overall,
    monthsElapsed: d.monthsElapsed,
    countingRule: d.countingRule,
  };
};
