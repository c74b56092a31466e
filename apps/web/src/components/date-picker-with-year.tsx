/**
 * A date picker whose popup starts with a year dropdown (current year ± `yearSpan`, newest
 * first), for dates such as a date of birth that are far from today. The value is an ISO
 * calendar date (YYYY-MM-DD), the format the API and the shared schemas use.
 */
import { useMemo, useState } from 'react';
import { DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ISO_DATE } from '@spotzcity/shared/validation';

const ISO_FORMAT = 'YYYY-MM-DD';
/** Dates display MM/DD/YYYY. */
const DISPLAY_FORMAT = 'MM/DD/YYYY';

interface DatePickerWithYearProps {
  id?: string;
  value?: string | null;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  /** Years offered around the current one (spec: ± 15). */
  yearSpan?: number;
  /** Years offered before the current one, when not `yearSpan` (a birth date: 100). */
  yearsBack?: number;
  /** Years offered after the current one, when not `yearSpan` (a birth date: 0). */
  yearsAhead?: number;
  /** Days after today cannot be picked. */
  disableFuture?: boolean;
  placeholder?: string;
  disabled?: boolean;
  status?: '' | 'error' | 'warning';
  'data-testid'?: string;
}

/** The years of the dropdown, newest first: `ahead` years after this one to `back` before. */
export const yearOptions = (back: number, ahead = back, now = dayjs()) =>
  Array.from({ length: back + ahead + 1 }, (_, i) => now.year() + ahead - i);

const parse = (value?: string | null) =>
  value && ISO_DATE.test(value) && dayjs(value).isValid() ? dayjs(value) : null;

export function DatePickerWithYear({
  id,
  value,
  onChange,
  onBlur,
  yearSpan = 15,
  yearsBack = yearSpan,
  yearsAhead = yearSpan,
  disableFuture = false,
  placeholder,
  disabled,
  status,
  'data-testid': testId,
}: DatePickerWithYearProps) {
  const { t } = useTranslation();
  // One object per value: the picker re-centres its panel whenever this identity changes.
  const selected = useMemo(() => parse(value), [value]);
  // The month shown in the popup, which the year dropdown moves (the picker resets it to the
  // selected date each time it opens).
  const [panelDate, setPanelDate] = useState<Dayjs>(() => selected ?? dayjs());

  const years = yearOptions(yearsBack, yearsAhead).map((year) => ({
    value: year,
    label: String(year),
  }));

  return (
    <DatePicker
      id={id}
      value={selected}
      format={DISPLAY_FORMAT}
      placeholder={placeholder ?? DISPLAY_FORMAT}
      disabled={disabled}
      status={status}
      data-testid={testId}
      className="date-picker-with-year"
      style={{ width: '100%' }}
      disabledDate={disableFuture ? (day) => day.isAfter(dayjs(), 'day') : undefined}
      showNow={false}
      pickerValue={panelDate}
      onPickerValueChange={(date) => setPanelDate(date)}
      onChange={(date) => onChange?.(date ? date.format(ISO_FORMAT) : '')}
      onBlur={() => onBlur?.()}
      panelRender={(panel) => (
        <div className="year-panel">
          <div className="year-panel-bar">
            <span className="year-panel-label">{t('profile.year')}</span>
            <Select
              size="small"
              aria-label={t('profile.year')}
              data-testid="year-select"
              value={panelDate.year()}
              options={years}
              onChange={(year: number) => setPanelDate(panelDate.year(year))}
              // A hundred years are quicker typed than scrolled: '1968' finds its year.
              showSearch={{ optionFilterProp: 'label' }}
              popupMatchSelectWidth={false}
              listHeight={240}
              virtual={false}
              getPopupContainer={(node: HTMLElement) => node.parentElement ?? document.body}
              className="year-panel-select"
            />
          </div>
          {panel}
        </div>
      )}
    />
  );
}
