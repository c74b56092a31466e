export * from './audit.ts';
export * from './auth.ts';
export * from './clients.ts';
export * from './mail.ts';
export * from './users.ts';
export * from './reports.ts';
export * from './training.ts';
export * from './cost-savings.ts';
