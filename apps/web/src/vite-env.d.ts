/** build/antd-tokens.ts: antd's tokens of app/theme.ts as CSS variables. */
declare module 'virtual:antd-tokens.css';
