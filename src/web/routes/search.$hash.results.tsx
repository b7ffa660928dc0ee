import { createFileRoute, Outlet } from '@tanstack/react-router';
import { z } from 'zod';
import { sortOptionSchema } from '../../contract/results';

/** Results search params: filters (comma-separated stages) and sort, kept in the URL. */
const resultsSearchSchema = z.object({
  filters: z.string().max(300).optional().catch(undefined),
  sort: sortOptionSchema.optional().catch(undefined),
});

export const Route = createFileRoute('/search/$hash/results')({
  staticData: { breadcrumb: 'Select journey option' },
  validateSearch: (search) => resultsSearchSchema.parse(search),
  component: Outlet,
});
