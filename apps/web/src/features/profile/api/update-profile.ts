import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope, UserProfile } from '@spotzcity/shared/api';
import type { Gender } from '@spotzcity/shared/enums';
import { api } from '../../../api/client.ts';
import { profileQueryKey } from '../../../api/get-profile.ts';

export interface ProfileUpdate {
  name: string;
  gender: Gender;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  phone: string;
  email: string;
  /** Remove the stored picture (ignored when `image` is given). */
  deleteImage: boolean;
  image?: File;
}

/** `PUT /api/users/update` is multipart: the text fields plus an optional `image` file. */
export function toProfileForm(update: ProfileUpdate): FormData {
  const form = new FormData();
  form.append('name', update.name);
  form.append('gender', update.gender);
  form.append('dateOfBirth', update.dateOfBirth);
  form.append('phone', update.phone);
  form.append('email', update.email);
  form.append('deleteImage', String(update.deleteImage));
  if (update.image) form.append('image', update.image, update.image.name);
  return form;
}

export const updateProfile = (update: ProfileUpdate) =>
  api.put<Envelope<UserProfile>>('/api/users/update', toProfileForm(update));

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (reply) => {
      queryClient.setQueryData(profileQueryKey, reply.data);
      return queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
