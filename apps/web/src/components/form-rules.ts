/**
 * Bridges the shared zod schemas to antd Form rules, so forms show exactly the messages the
 * server uses and no rule is written twice.
 */
import { useCallback } from 'react';
import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';
import type { FieldError } from '@spotzcity/shared/validation';
import { ApiError } from '../api/client.ts';
import { useAlert } from './alert-modal.tsx';

/** A rule checking one value against a schema (the first issue's message is shown). */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = await schema.safeParseAsync(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  };
}

/** A field's path: 'startDate', or ['rfxSupplier', 0, 'pointOfContact'] inside a list. */
export type FieldPath = string | readonly (string | number)[];

const asPath = (field: FieldPath) => (typeof field === 'string' ? [field] : [...field]);

/**
 * A server field ('rfxSupplier.0.pointOfContact', 'yearlySavings.savingsFor2025') as a form name
 * path (['rfxSupplier', 0, 'pointOfContact']).
 */
export const fieldPath = (field: string): (string | number)[] =>
  field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/** A copy of `values` with `value` at `path`. */
function withValueAt(values: unknown, path: (string | number)[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (typeof head === 'number') {
    const list = Array.isArray(values) ? [...(values as unknown[])] : [];
    list[head] = withValueAt(list[head], rest, value);
    return list;
  }
  const object = values && typeof values === 'object' ? { ...(values as object) } : {};
  return {
    ...object,
    [head]: withValueAt((object as Record<string, unknown>)[head], rest, value),
  };
}

/**
 * A rule checking one field inside a whole-form schema, so cross-field refinements (such as
 * "New Password and Confirm Password do not match.", or a start date after the submit date)
 * report on the field they name. `field` may be a path into a list or a section.
 */
export function zodFieldRule(schema: z.ZodType, field: FieldPath): FormRule {
  const path = asPath(field);
  const key = path.join('.');
  return (form) => ({
    validator: async (_rule, value: unknown) => {
      const values = withValueAt(form.getFieldsValue(true), path, value ?? '');
      const result = await schema.safeParseAsync(values);
      if (result.success) return;
      // Issues of the field itself or inside it (an item of a multi-select).
      const issue = result.error.issues.find((i) => i.path.slice(0, path.length).join('.') === key);
      if (issue) throw new Error(issue.message);
    },
  });
}

/**
 * Forms validate a field when it loses focus (so errors appear only once it was touched); after
 * that, an invalid field is re-checked as the user types so the error clears as soon as it is
 * fixed, inside lists and sections too. Pass the result to Form's onValuesChange.
 */
export function useRevalidateInvalid<T>(form: FormInstance<T>) {
  return useCallback(
    (changed: Partial<T>) => {
      const changedRoots = new Set(Object.keys(changed as object));
      const invalid = form
        .getFieldsError()
        .filter((field) => field.errors.length > 0 && changedRoots.has(String(field.name[0])))
        .map((field) => field.name);
      if (invalid.length) form.validateFields(invalid as never).catch(() => undefined);
    },
    [form],
  );
}

/**
 * Puts the server's field errors (400 with `errors`) on the matching form fields; dotted names
 * ('rfxSupplier.0.pointOfContact') reach fields inside lists and sections.
 */
export function applyFieldErrors<T>(form: FormInstance<T>, errors: FieldError[]): boolean {
  const known = errors
    .map((e) => ({ name: fieldPath(e.field), message: e.message }))
    .filter((e) => form.getFieldInstance(e.name as never) !== undefined);
  if (known.length) {
    form.setFields(known.map((e) => ({ name: e.name as never, errors: [e.message] })));
  }
  return known.length > 0;
}

/**
 * Re-checks the named fields that the user has already touched (a cross-field rule such as
 * "start not after submit" depends on another field) without flagging untouched ones.
 */
export function revalidateTouched<T>(form: FormInstance<T>, names: FieldPath[]) {
  const touched = names
    .map(asPath)
    .filter(
      (name) => form.isFieldTouched(name as never) || form.getFieldError(name as never).length,
    );
  if (touched.length) form.validateFields(touched as never).catch(() => undefined);
}

/**
 * The result of saving a form or a dialog: the server's
 * message in the alert and `onSaved` on success; on failure its field errors on the fields and
 * its message titled Error.
 */
export function useSaveResult<T>(form: FormInstance<T>, onSaved: () => void) {
  const alert = useAlert();
  return {
    onSuccess: (reply: { message: string }) => {
      alert.showSuccess(reply.message);
      onSaved();
    },
    onError: (error: Error) => {
      if (error instanceof ApiError) applyFieldErrors(form, error.fieldErrors);
      alert.showError(error.message);
    },
  };
}
