import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateInput, ProfileUpdateResult } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { applyMemberChange } from '../lib/member-cache';

/** PATCH /api/settings/profile with only the fields that changed. 409 'Username is already taken' (field username). */
export function updateProfile(input: ProfileUpdateInput) {
  return api<ProfileUpdateResult>('/api/settings/profile', { method: 'PATCH', body: input });
}

/** Updates ['me'] and ['settings']; invalidates profiles and lists (the author's name shows there). */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ username, bio }) => applyMemberChange(client, { username, bio }),
  });
}
