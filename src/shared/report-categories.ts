/**
 * What a report is about: the reporter picks one, the hosts see it in their
 * list. The renderer's words for each are in copy.ts (`COPY.report.categories`); the server
 * keeps the id. A report sent without one (an app from before categories) is "other".
 */
export const REPORT_CATEGORIES = ['spam', 'harassment', 'cheating', 'explicit', 'other'] as const

export type ReportCategory = (typeof REPORT_CATEGORIES)[number]
