/**
 * The search form (SPEC sections 2-5): From/To, Single/Return, the outbound and return
 * date-times, the passes questions, and 'Plan my journey', which posts the search and opens
 * its results. On Results it is the 'Edit journey' form: no passes questions (the edited
 * search's passes are sent again) and 'Update routes'. Field errors show on their fields and
 * in a 'Please correct the following errors' list, and clear when the field is focused;
 * otherwise the server's message shows.
 */
import { Alert, Button, Fieldset, Group, List, Radio, Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { passesFromProfile } from '../../../vocabulary/index';
import { PassesFields } from '../../components/PassesFields';
import { ApiRequestError } from '../../lib/api';
import { rememberSearchPasses } from '../../lib/search-passes';
import { useAuth } from '../../lib/auth';
import { useBrand } from '../../lib/brand';
import { chooseJourneyType, outboundBounds, returnMinimum, type JourneyType } from './form-rules';
import { emptySearchForm, searchRequestBody, type SearchFormState } from './form-state';
import type { PlaceProvider } from './places/types';
import { DateTimeField } from './DateTimeField';
import { SearchPlaces } from './SearchPlaces';
import { searchFormApi } from './api';

export const SEARCH_FORM_MESSAGES = {
  correct: 'Please correct the following errors',
  unreachable: 'We could not reach the journey planner. Check your connection and try again.',
} as const;

export interface SearchFormProps {
  initial?: SearchFormState;
  /** 'edit': Results' Edit journey sidebar ('Update routes', passes kept from `initial`). */
  variant?: 'plan' | 'edit';
  /** Called with the new search's hash before its results open (the sidebar closes). */
  onPlanned?(hash: string): void;
  /** Tests pass these; the app uses the brand's provider, the browser's fetch and clock. */
  provider?: PlaceProvider;
  debounceMs?: number;
  fetch?: typeof fetch;
  baseUrl?: string;
  now?: () => Date;
}

/** How long the form waits for the API before planning on the device, when the device can (issue 20). */
export const API_REACH_MS = 5_000;

/**
 * Whether this device holds the region's timetables (issue 20). Asked only when the API is out
 * of reach, so the pack's code is never part of the form's first JavaScript.
 */
const deviceHasPack = () =>
  import('../../lib/device-planner/pack-cache')
    .then((m) => m.readPackInfo())
    .then(
      (info) => info !== null,
      () => false,
    );

/** The server names nested fields 'origin.lat'; the form shows them on 'origin'. First message each. */
export function firstMessages(errors: Record<string, string[]>): Record<string, string> {
  const first: Record<string, string> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const field = key.split('.')[0]!;
    if (messages[0] && !first[field]) first[field] = messages[0];
  }
  return first;
}

export function SearchForm({
  initial,
  variant = 'plan',
  onPlanned,
  provider,
  debounceMs,
  fetch: fetchImpl,
  baseUrl,
  now = () => new Date(),
}: SearchFormProps) {
  const brand = useBrand();
  const { user } = useAuth();
  const navigate = useNavigate();
  const [form, setForm] = useState<SearchFormState>(() => initial ?? emptySearchForm(now()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [defaultError, setDefaultError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const bounds = outboundBounds(now());
  const clear = (field: string) =>
    setErrors((current) =>
      field in current ? Object.fromEntries(Object.entries(current).filter(([key]) => key !== field)) : current,
    );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    setDefaultError(null);
    const built = searchRequestBody(form);
    if (!built.ok) {
      setErrors(firstMessages(built.errors as Record<string, string[]>));
      return;
    }
    setErrors({});
    setSubmitting(true);
    // Signed-in travellers' passes come from their profile (SPEC section 3).
    const body = user ? { ...built.body, ...passesFromProfile(user.profile) } : built.body;
    const open = async (hash: string) => {
      onPlanned?.(hash);
      await navigate({ to: '/search/$hash/results', params: { hash } });
    };
    const failed = (fields: Record<string, string>, message: string) => {
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setDefaultError(message);
      setSubmitting(false);
    };
    // Issue 20: with the region's timetables on the device, no signal (or an API silent for a few
    // seconds) plans here instead. The device is asked only then.
    let hasPack: Promise<boolean> | null = null;
    const deviceCanPlan = () =>
      (hasPack ??= fetchImpl || typeof caches === 'undefined' ? Promise.resolve(false) : deviceHasPack());
    const reach = new AbortController();
    const slow = setTimeout(
      () => void deviceCanPlan().then((can) => can && reach.abort(new DOMException('No answer yet.', 'TimeoutError'))),
      API_REACH_MS,
    );
    try {
      if (!navigator.onLine && (await deviceCanPlan())) throw new TypeError('offline');
      const answer = await searchFormApi.start(
        { apiKey: brand.apiKey, fetch: fetchImpl, baseUrl, signal: reach.signal },
        body,
      );
      clearTimeout(slow);
      // Only the signed-in owner reads passes back from the server: remember what was sent here.
      if (!user) rememberSearchPasses(answer.data.hash, form.passes);
      await open(answer.data.hash);
    } catch (error) {
      clearTimeout(slow);
      if (error instanceof ApiRequestError)
        return failed(error.errors ? firstMessages(error.errors) : {}, error.message);
      if (!(await deviceCanPlan())) return failed({}, SEARCH_FORM_MESSAGES.unreachable);
      const outcome = await (await import('../../lib/device-planner/offline-search')).planSearchOnDevice(body, brand);
      if (outcome.kind === 'planned') await open(outcome.hash);
      else
        failed(
          outcome.kind === 'invalid' ? firstMessages(outcome.errors) : {},
          outcome.kind === 'message' ? outcome.message : SEARCH_FORM_MESSAGES.unreachable,
        );
    }
  }

  const messages = Object.values(errors);
  return (
    // noValidate: our own rules and the server's answer the form, in the SPEC's error list rather than browser bubbles.
    <form
      aria-label={variant === 'edit' ? 'Edit journey' : 'Plan your journey'}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-busy={submitting}
    >
      <Fieldset variant="unstyled" disabled={submitting}>
        <Stack gap="md">
          {messages.length > 0 && (
            <Alert color="red" role="alert" title={SEARCH_FORM_MESSAGES.correct}>
              <List size="sm">
                {messages.map((message) => (
                  <List.Item key={message}>{message}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          {defaultError && (
            <Alert color="red" role="alert">
              {defaultError}
            </Alert>
          )}
          <SearchPlaces
            state={form}
            onChange={setForm}
            errors={{
              origin: errors.origin ? [errors.origin] : undefined,
              destination: errors.destination ? [errors.destination] : undefined,
            }}
            onFocusField={clear}
            provider={provider}
            debounceMs={debounceMs}
          />
          <Radio.Group
            name="journey_type"
            label="Journey type"
            value={form.journeyType}
            onChange={(value) => setForm(chooseJourneyType(form, value as JourneyType, bounds.max))}
          >
            <Group gap="lg" mt={4}>
              <Radio value="single" label="Single" />
              <Radio value="return" label="Return" />
            </Group>
          </Radio.Group>
          <DateTimeField
            label="Leaving"
            name="out_time"
            min={bounds.min}
            max={bounds.max}
            value={form.out_time}
            onChange={(out_time) => setForm({ ...form, out_time })}
            onFocus={() => clear('out_time')}
            error={errors.out_time}
          />
          {form.journeyType === 'return' && (
            <DateTimeField
              label="Returning"
              name="return_time"
              min={returnMinimum(form, now())}
              max={bounds.max}
              value={form.return_time ?? ''}
              onChange={(return_time) => setForm({ ...form, return_time })}
              onFocus={() => clear('return_time')}
              error={errors.return_time}
            />
          )}
          {!user && variant === 'plan' && (
            <PassesFields
              value={form.passes}
              onChange={(passes) => setForm({ ...form, passes })}
              onFocusField={clear}
              errors={errors}
            />
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={submitting}>
              {variant === 'edit' ? 'Update routes' : 'Plan my journey'}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
