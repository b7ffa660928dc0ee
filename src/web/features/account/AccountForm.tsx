import { Paper, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { ErrorSummary } from './Banners';
import type { FormErrors } from './form-errors';

/** An account screen's form: its errors on top, every field locked while the call runs. */
export function AccountForm(props: {
  label: string;
  width?: number;
  locked: boolean;
  errors: FormErrors;
  labels: Record<string, string>;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Paper
      component="form"
      withBorder
      p="md"
      maw={props.width ?? 480}
      aria-label={props.label}
      onSubmit={props.onSubmit}
      noValidate
    >
      <ErrorSummary errors={props.errors} labels={props.labels} />
      <fieldset disabled={props.locked} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack>{props.children}</Stack>
      </fieldset>
    </Paper>
  );
}
