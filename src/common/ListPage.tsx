import type { ReactNode } from 'react';
import { Box, Stack } from '@mui/material';
import { PageHeading } from './PageHeading';
import { LabeledValues, type LabeledValue } from './LabeledValues';
import { RollCallPagination } from './RollCallPagination';
import { ListActions, NO_PRINT_CLASS, listExtras } from './ListActions';
import type { ExportSpec } from './ExportButton';
import { lazyPart } from './lazyPart';

/** The print-only heading (PrintHeading.tsx), with Export and Print once the page has painted: nothing of it shows on a screen. */
const PrintHeading = lazyPart(listExtras, (m) => m.PrintHeading, null, { afterFirstPaint: true });

export interface ListPageProps {
  /** The page's name: app-bar title and h1. */
  title: string;
  /** Buttons beside the heading (Add, Search, Sign Up, Back); they wrap under it on a phone. */
  actions?: ReactNode;
  /** The list's export route: an Export button (CSV / Excel) with the list's filter and sort. */
  exportTo?: ExportSpec;
  /** Offer Print (default true). */
  print?: boolean;
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
 * actions (the page's own, Export and Print: ListActions), the criteria, notices, the list, totals
 * and paging. Nothing in it is wider than the screen: actions wrap (Export and Print fold into a
 * '⋮' menu on a phone), the list is cards on a phone. On paper the heading and actions give way to
 * the print heading (organisation, title and criteria, print time); the criteria stay.
 */
export function ListPage({ title, actions, exportTo, print = true, criteria, notice, children, totals, pagination = true }: ListPageProps) {
  return (
    <Box component="section" sx={{ minWidth: 0, maxWidth: '100%', pb: 2 }}>
      <PrintHeading title={title} criteria={criteria} />
      <Stack direction="row" className={NO_PRINT_CLASS} sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
        <PageHeading>{title}</PageHeading>
        <ListActions exportTo={exportTo} print={print}>
          {actions}
        </ListActions>
      </Stack>
      {criteria && <LabeledValues items={criteria} />}
      {notice}
      {children}
      {totals}
      {pagination && <RollCallPagination />}
    </Box>
  );
}
