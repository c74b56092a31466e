import { waitFor } from '@testing-library/react';
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
  it('says "Digits only" while letters are typed and keeps every character, as Contracts does', async () => {
    renderForm();
    const input = typeInto('profile-phone', '312abc0147', { stay: true });
    await waitFor(() => expect(messageOf('profile-phone')).toBe('Digits only'), SLOW);
    expect(input.value).toBe('312abc0147');
  });

  it('takes ten digits without a word', async () => {
    renderForm();
    typeInto('profile-phone', '3125550147');
    await waitFor(() => expect(messageOf('profile-phone')).toBeUndefined(), SLOW);
  });
});
