import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messageOf, typeInto } from '../../../test/form-fields.ts';
import { renderRoutes, signedInProfile } from '../../../test/render.tsx';
import { ProfileForm } from './profile-form.tsx';

/** antd under jsdom on a loaded machine: a bound on a hang, not a speed the test expects. */
const SLOW = { timeout: 15_000 };

function renderForm() {
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <ProfileForm
            user={signedInProfile('ROLE_BUYER_USER')}
            picture={{ kind: 'keep' }}
            onSaved={() => undefined}
            onResetPassword={() => undefined}
            onPendingChange={() => undefined}
          />
        ),
      },
    ],
    '/',
  );
}

describe('ProfileForm: phone', { timeout: 60_000 }, () => {
  it('keeps the digits as the spec has it, and says that it dropped the rest', async () => {
    renderForm();
    const input = typeInto('profile-phone', '312abc0147', { stay: true });
    await waitFor(() => expect(input.value).toBe('3120147'), SLOW);
    expect(screen.getByTestId('profile-phone-stripped').textContent).toBe(
      'Only digits are kept: letters and symbols are removed.',
    );
    expect(messageOf('profile-phone')).toBeUndefined();
  });

  it('takes ten digits without a word', async () => {
    renderForm();
    typeInto('profile-phone', '3125550147');
    await waitFor(() => expect(messageOf('profile-phone')).toBeUndefined(), SLOW);
    expect(screen.queryByTestId('profile-phone-stripped')).toBeNull();
  });
});
