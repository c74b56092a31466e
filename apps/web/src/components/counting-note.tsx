/**
 * The counting note under a dashboard's per-type figures (DESIGN.md §6): a vendor with several
 * diversity types counts under each, so the types can add up to more than the total. One wording,
 * shared with the Excel exports.
 */
import { Typography } from 'antd';
import { MULTI_TYPE_NOTE } from '@spotzcity/shared/diversity-words';
import css from './counting-note.module.css';

export function CountingNote() {
  return (
    <Typography.Text type="secondary" className={css.note} data-testid="counting-note">
      {MULTI_TYPE_NOTE}
    </Typography.Text>
  );
}
