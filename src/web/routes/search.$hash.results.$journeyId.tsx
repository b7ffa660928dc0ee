import { createFileRoute, Outlet } from '@tanstack/react-router';
import { z } from 'zod';
import { journeyTypeSchema } from '../../contract/results';

/** journeyType picks the leg shown first; show forces the fetched journey to become current. */
const journeySearchSchema = z.object({
  journeyType: journeyTypeSchema.optional().catch(undefined),
  show: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]).optional().catch(undefined),
});

export const Route = createFileRoute('/search/$hash/results/$journeyId')({
  staticData: { breadcrumb: 'Journey details' },
  validateSearch: (search) => journeySearchSchema.parse(search),
  component: Outlet,
});
