/**
 * Kept only while program-card.tsx and tier2-card.tsx (changed on other branches) still import
 * it: the dashboard card is components/chart-card.tsx. Delete this file when they import that.
 */
import type { ComponentProps, ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ChartCard as SharedChartCard } from '../../../components/chart-card.tsx';

export function ChartCard<T>({
  testId,
  ...props
}: {
  title: ReactNode;
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
  extra?: ReactNode;
  testId?: string;
}) {
  return (
    <SharedChartCard<T>
      {...(props as ComponentProps<typeof SharedChartCard<T>>)}
      data-testid={testId}
    />
  );
}
