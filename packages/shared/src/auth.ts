/** Request schemas of sign-in, password recovery, profile and password change (spec 01 points 3, 5, 7). */
import { z } from 'zod';
import { GENDERS } from './enums.ts';
import {
  LIMITS,
  MESSAGES,
  email,
  isoDate,
  phone,
  requiredText,
  strongPassword,
  todayIso,
} from './validation.ts';

export const signinSchema = z.object({
  usernameOrEmail: email(),
  // The login password is only required: the strength rule applies when a password is set.
  password: z.string({ error: MESSAGES.required }).min(1, { error: MESSAGES.required }),
});
export type SigninInput = z.infer<typeof signinSchema>;

export const forgotPasswordSchema = z.object({ email: email() });

export const otpCode = () =>
  z
    .string({ error: MESSAGES.otpRequired })
    .trim()
    .min(1, { error: MESSAGES.otpRequired })
    .regex(new RegExp(`^\\d{${LIMITS.codeLength}}$`), { error: MESSAGES.otpRequired });

export const verifyCodeSchema = z.object({ email: email(), code: otpCode() });

/**
 * `PUT /api/auth/change/password`: the spec sends `password` (the new one) and `email`; the
 * server also needs the `resetToken` that `verify/code` answered (an e-mail proves nothing).
 */
export const resetPasswordSchema = z.object({
  email: email(),
  password: strongPassword(),
  resetToken: z.string().max(200).optional(),
});

/** What `verify/code` answers: the secret that lets the password be set, once. */
export const verifyCodeReplySchema = z.object({
  message: z.string(),
  data: z.object({ success: z.boolean(), resetToken: z.string() }),
});

/** Step 3 of the recovery form: new password and its confirmation (named `password` in the spec). */
export const recoveryPasswordFormSchema = z
  .object({
    newPassword: strongPassword(),
    password: z.string({ error: MESSAGES.required }).min(1, { error: MESSAGES.required }),
  })
  .refine((v) => v.newPassword === v.password, {
    path: ['password'],
    error: MESSAGES.passwordMismatch,
  });

const booleanish = z.preprocess(
  (value) => (typeof value === 'string' ? value === 'true' : value),
  z.boolean().default(false),
);

/** `PUT /api/users/update` text fields (multipart). The email is read-only and ignored. */
export const profileUpdateSchema = z.object({
  name: requiredText(LIMITS.nameMax),
  gender: z.enum(GENDERS, { error: MESSAGES.required }),
  dateOfBirth: isoDate().refine((value) => value <= todayIso(), { error: MESSAGES.invalidDate }),
  phone: phone(),
  email: z.string().optional(),
  deleteImage: booleanish,
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** `PUT /api/users/password` and the reset-password mode of the profile page. */
export const passwordChangeSchema = z
  .object({
    oldPassword: z.string({ error: MESSAGES.required }).min(1, { error: MESSAGES.required }),
    newPassword: strongPassword(),
    confirmPassword: z.string({ error: MESSAGES.required }).min(1, { error: MESSAGES.required }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    error: MESSAGES.passwordMismatch,
  });
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
