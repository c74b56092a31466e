/** Every dashboard query of cost savings starts with this key (refreshed after any change). */
export const costReportKey = ['cost-savings', 'report'] as const;
