/**
 * A dashboard's analysis text (components/analysis-box.tsx shows it): the saved text of the
 * organisation's report key, the reader's draft, and saving. Apart from the box so that a page
 * can hold the text (its exports send it) before the box's code has loaded.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { Analysis } from '@spotzcity/shared/reports';
import { api } from '../api/client.ts';
import { useAlert } from './alert-modal.tsx';

const analysisKey = (reportKey: string) => ['report-analysis', reportKey] as const;

export function useAnalysis(reportKey: string) {
  const queryClient = useQueryClient();
  const alert = useAlert();
  const query = useQuery({
    queryKey: analysisKey(reportKey),
    queryFn: ({ signal }) =>
      api
        .post<Envelope<Analysis>>('/api/report/analysis', { reportKey }, { signal })
        .then((r) => r.data),
  });
  // What the user typed for this report; the saved text shows until they type.
  const [draft, setDraft] = useState<{ reportKey: string; text: string } | null>(null);
  const saved = query.data?.text ?? '';
  const text = draft?.reportKey === reportKey ? draft.text : saved;

  const mutation = useMutation({
    mutationFn: (value: string) =>
      api
        .put<Envelope<Analysis>>('/api/report/analysis', { reportKey, text: value })
        .then((r) => r.data),
    onSuccess: (data) => {
      queryClient.setQueryData(analysisKey(reportKey), data);
      setDraft(null);
    },
    onError: (error) => alert.showError(error.message),
  });

  return {
    text,
    setText: (value: string) => setDraft({ reportKey, text: value }),
    isLoading: query.isPending,
    isSaving: mutation.isPending,
    isDirty: text !== saved,
    save: () => mutation.mutateAsync(text),
  };
}

export type AnalysisState = ReturnType<typeof useAnalysis>;
