/**
 * Labelled groups of read-only values, for the expanded row of a record (Awardee's Data,
 * Vendor's Data, Company Contact …). Empty values show a dash.
 */
import type { ReactNode } from 'react';
import './records.css';
import css from './detail-sections.module.css';

export interface DetailSection {
  title: string;
  icon?: ReactNode;
  items: { label: string; value: ReactNode }[];
}

const shown = (value: ReactNode) =>
  value === null || value === undefined || value === '' ? '—' : value;

export function DetailSections({ sections }: { sections: DetailSection[] }) {
  return (
    <div className={css.detailSections} data-testid="detail-sections">
      {sections.map((section) => (
        <section key={section.title} className={css.detailSection}>
          <h4 className={css.detailSectionTitle}>
            {section.icon}
            {section.title}
          </h4>
          <dl>
            {section.items.map((item) => (
              <div key={item.label} style={{ display: 'contents' }}>
                <dt>{item.label}</dt>
                <dd>{shown(item.value)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
