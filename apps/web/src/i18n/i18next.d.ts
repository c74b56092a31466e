import 'i18next';
import type { Bundle } from './en.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Bundle };
  }
}
