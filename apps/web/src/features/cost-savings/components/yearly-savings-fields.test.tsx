import { useEffect } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { YearlySavingsFields, yearChoices } from './yearly-savings-fields.tsx';

let form: FormInstance | undefined;

function Harness({ initial }: { initial?: Record<string, unknown> }) {
  const [instance] = Form.useForm();
  useEffect(() => {
    form = instance;
  }, [instance]);
  return (
    <I18nextProvider i18n={i18n}>
      <Form form={instance} initialValues={initial ?? { yearsOfContract: [] }}>
        <YearlySavingsFields />
      </Form>
    </I18nextProvider>
  );
}

const yearsSelect = () =>
  screen.getByTestId('years-of-contract').querySelector('input') as HTMLInputElement;

/** Opens the years dropdown and toggles a year (a chosen year is removed by choosing it again). */
async function toggleYear(year: number) {
  fireEvent.mouseDown(yearsSelect());
  const option = await waitFor(() => {
    const found = document.querySelector(`.ant-select-item-option[title="${year}"]`);
    if (!found) throw new Error(`option ${year} not shown`);
    return found;
  });
  fireEvent.click(option);
}

const savingsInput = (year: number) =>
  screen.queryByTestId(`savings-${year}`)?.querySelector('input') ??
  (screen.queryByTestId(`savings-${year}`) as HTMLInputElement | null);

describe('YearlySavingsFields', () => {
  const [thisYear] = yearChoices();
  const a = thisYear! - 15;
  const b = thisYear! - 14;

  it('offers the current year ± 15, newest first', () => {
    const now = new Date('2026-06-01');
    const years = yearChoices(now);
    expect(years[0]).toBe(2041);
    expect(years.at(-1)).toBe(2011);
    expect(years).toHaveLength(31);
  });

  it('adds one savings input per chosen year and removes it, with its value, when the year goes', async () => {
    render(<Harness />);
    expect(savingsInput(a)).toBeFalsy();

    await toggleYear(a);
    await waitFor(() => expect(savingsInput(a)).toBeTruthy());
    await toggleYear(b);
    await waitFor(() => expect(savingsInput(b)).toBeTruthy());
    expect(screen.getByText(`Savings for ${a}`)).toBeTruthy();
    expect(screen.getByText(`Savings for ${b}`)).toBeTruthy();

    act(() => {
      form!.setFieldValue(['yearlySavings', `savingsFor${a}`], 1200);
      form!.setFieldValue(['yearlySavings', `savingsFor${b}`], 800);
    });
    await waitFor(() =>
      expect(screen.getByTestId('yearly-savings-total').textContent).toContain('$2,000'),
    );
    expect(form!.getFieldsValue(true).yearlySavings).toEqual({
      [`savingsFor${a}`]: 1200,
      [`savingsFor${b}`]: 800,
    });

    await toggleYear(a);
    await waitFor(() => expect(savingsInput(a)).toBeFalsy());
    expect(savingsInput(b)).toBeTruthy();
    expect(form!.getFieldValue('yearsOfContract')).toEqual([b]);
    expect(form!.getFieldsValue(true).yearlySavings).toEqual({ [`savingsFor${b}`]: 800 });
    expect(screen.getByTestId('yearly-savings-total').textContent).toContain('$800');

    // Choosing the year again brings back an empty input, not the old value.
    await toggleYear(a);
    await waitFor(() => expect(savingsInput(a)).toBeTruthy());
    expect(form!.getFieldValue(['yearlySavings', `savingsFor${a}`])).toBeUndefined();
  }, 30_000);

  it("requires a value for each chosen year ('Required')", async () => {
    render(
      <Harness initial={{ yearsOfContract: [a, b], yearlySavings: { [`savingsFor${b}`]: 5 } }} />,
    );
    await expect(form!.validateFields()).rejects.toMatchObject({
      errorFields: [{ name: ['yearlySavings', `savingsFor${a}`], errors: ['Required'] }],
    });
  });

  it('suggests the years of the contract dates when none is chosen', async () => {
    render(
      <Harness
        initial={{ yearsOfContract: [], startDate: `${a}-03-01`, endDate: `${a + 2}-02-28` }}
      />,
    );
    fireEvent.click(await screen.findByTestId('use-contract-years'));
    await waitFor(() => expect(form!.getFieldValue('yearsOfContract')).toEqual([a, a + 1, a + 2]));
    await waitFor(() => expect(savingsInput(a + 2)).toBeTruthy());
  });
});
