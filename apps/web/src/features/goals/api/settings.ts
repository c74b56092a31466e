/** `GET|PUT /api/organisation/settings`: fiscal-year start and non-addressable categories. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { OrganisationSettings, SettingsSave } from '@spotzcity/shared/goals';
import { api } from '../../../api/client.ts';
import { sharedKeys } from '../../../api/query-keys.ts';
import { settingsKey, settingsQuery } from '../../../api/organisation-settings.ts';

export { settingsKey, settingsQuery };

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsSave) =>
      api.put<Envelope<OrganisationSettings>>('/api/organisation/settings', body),
    onSuccess: () => {
      // Every goal figure depends on the settings.
      void client.invalidateQueries({ queryKey: settingsKey });
      void client.invalidateQueries({ queryKey: sharedKeys.goals.all });
      // …and so do the other dashboards' percentages of addressable spend.
      void client.invalidateQueries({ queryKey: sharedKeys.spendGraphs.all });
    },
  });
}
