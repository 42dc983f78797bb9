import type { ReactNode } from 'react';
import { Box, Stack } from '@mui/material';
import { PageHeading } from './PageHeading';
import { LabeledValues, type LabeledValue } from './LabeledValues';
import { RollCallPagination } from './RollCallPagination';

export interface ListPageProps {
  /** The page's name: app-bar title and h1. */
  title: string;
  /** Buttons beside the heading (Add, Search, Sign Up, Back); they wrap under it on a phone. */
  actions?: ReactNode;
  /** The criteria the list was asked with, shown as 'label: value' lines (empty values left out). */
  criteria?: LabeledValue[];
  /** Notices above the list (e.g. the owner's flagged-ticket notice, an event's header). */
  notice?: ReactNode;
  /** The list itself: usually a ResponsiveList. */
  children: ReactNode;
  /** Under the list, before paging (e.g. a SummaryCard of totals). */
  totals?: ReactNode;
  /** Paging of 25-200 rows (spec §2); false for a list that is not paged. */
  pagination?: boolean;
}

/**
 * The one layout of every list page, inside a react-admin list context (ListBase): heading and
 * actions, the criteria, notices, the list, totals and paging. Nothing in it is wider than the
 * screen: actions wrap, the list is cards on a phone.
 */
export function ListPage({ title, actions, criteria, notice, children, totals, pagination = true }: ListPageProps) {
  return (
    <Box component="section" sx={{ minWidth: 0, maxWidth: '100%', pb: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
        <PageHeading>{title}</PageHeading>
        {actions && <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>{actions}</Stack>}
      </Stack>
      {criteria && <LabeledValues items={criteria} />}
      {notice}
      {children}
      {totals}
      {pagination && <RollCallPagination />}
    </Box>
  );
}
