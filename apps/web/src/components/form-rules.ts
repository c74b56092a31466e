/**
 * Bridges the shared zod schemas to antd Form rules, so forms show exactly the messages the
 * server uses (spec 01 point 5) and no rule is written twice.
 */
import { useCallback } from 'react';
import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';
import type { FieldError } from '@spotzcity/shared/validation';

/** A rule checking one value against a schema (the first issue's message is shown). */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = await schema.safeParseAsync(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  };
}

/**
 * A rule checking one field inside a whole-form schema, so cross-field refinements (such as
 * "New Password and Confirm Password do not match.") report on the field they name.
 */
export function zodFieldRule(schema: z.ZodType, field: string): FormRule {
  return (form) => ({
    validator: async (_rule, value: unknown) => {
      const values = { ...(form.getFieldsValue(true) as object), [field]: value ?? '' };
      const result = await schema.safeParseAsync(values);
      if (result.success) return;
      const issue = result.error.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(issue.message);
    },
  });
}

/**
 * Forms validate a field when it loses focus (so errors appear only once it was touched); after
 * that, an invalid field is re-checked as the user types so the error clears as soon as it is
 * fixed. Pass the result to Form's onValuesChange.
 */
export function useRevalidateInvalid<T>(form: FormInstance<T>) {
  return useCallback(
    (changed: Partial<T>) => {
      const names = Object.keys(changed).filter(
        (name) => form.getFieldError(name as never).length > 0,
      );
      if (names.length) form.validateFields(names as never).catch(() => undefined);
    },
    [form],
  );
}

/** A server field ('yearlySavings.savingsFor2025', 'suppliers.0.name') as a form name path. */
export const fieldPath = (field: string): (string | number)[] =>
  field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/** Puts the server's field errors (400 with `errors`) on the matching form fields. */
export function applyFieldErrors<T>(form: FormInstance<T>, errors: FieldError[]): boolean {
  const known = errors.filter(
    (e) => form.getFieldInstance(fieldPath(e.field) as never) !== undefined,
  );
  if (known.length) {
    form.setFields(known.map((e) => ({ name: fieldPath(e.field) as never, errors: [e.message] })));
  }
  return known.length > 0;
}
