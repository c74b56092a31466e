/**
 * The form of the sign-in and recovery screens: large vertical fields checked on blur, no
 * required marks, one full-width submit button. The form is disabled while its request runs, and
 * the request's failure (AuthError, above the form) is cleared as soon as the user edits a field.
 */
import type { ReactNode } from 'react';
import { Alert, Button, Form, type FormInstance, type FormProps } from 'antd';
import { useRevalidateInvalid } from '../../../components/form-rules.ts';

/** What the form needs of the request it submits (a mutation). */
interface AuthRequest {
  isError: boolean;
  isPending: boolean;
  reset: () => void;
}

interface AuthFormProps<Values> {
  form: FormInstance<Values>;
  request: AuthRequest;
  onFinish: (values: Values) => void;
  submitLabel: string;
  submitTestId: string;
  initialValues?: FormProps<Values>['initialValues'];
  'data-testid'?: string;
  children: ReactNode;
}

export function AuthForm<Values>({
  form,
  request,
  onFinish,
  submitLabel,
  submitTestId,
  initialValues,
  'data-testid': testId,
  children,
}: AuthFormProps<Values>) {
  const revalidate = useRevalidateInvalid(form);
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      validateTrigger="onBlur"
      initialValues={initialValues}
      onValuesChange={(changed: Partial<Values>) => {
        if (request.isError) request.reset();
        revalidate(changed);
      }}
      onFinish={onFinish}
      disabled={request.isPending}
      data-testid={testId}
      size="large"
    >
      {children}
      <Button
        type="primary"
        htmlType="submit"
        block
        loading={request.isPending}
        data-testid={submitTestId}
      >
        {submitLabel}
      </Button>
    </Form>
  );
}

/** A failed request's message, shown above the form; nothing while there is none. */
export function AuthError({ error, testId }: { error: Error | null; testId: string }) {
  if (!error) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={error.message}
      className="auth-alert"
      data-testid={testId}
      role="alert"
    />
  );
}
