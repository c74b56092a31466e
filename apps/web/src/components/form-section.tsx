/** A titled card grouping the fields of a long form: icon, title and one line of help. */
import type { ReactNode } from 'react';
import { Card } from 'antd';
import './records.css';
import css from './form-section.module.css';

interface FormSectionProps {
  icon: ReactNode;
  title: string;
  help: string;
  children: ReactNode;
}

export function FormSection({ icon, title, help, children }: FormSectionProps) {
  return (
    <Card
      className={css.recordFormCard}
      title={
        <>
          <span className={css.recordFormSectionIcon}>{icon}</span>
          <span>
            {title}
            <span className="chart-card-subtitle">{help}</span>
          </span>
        </>
      }
    >
      {children}
    </Card>
  );
}
