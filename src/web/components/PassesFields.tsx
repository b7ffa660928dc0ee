/**
 * The passes questions (SPEC sections 3 and 4): car access, concessionary pass, railcard
 * (with the railcard list when yes) and Young Scot card (with the new-card question when yes).
 * Shared by the search form and the account screens; the rules live in ./passes.
 */
import { Fieldset, Group, NativeSelect, Radio, Stack } from '@mantine/core';
import { answerRailcard, answerYoungScot, asksNewYoungScotCard, chooseRailcard } from './passes';
import { type Passes, RAILCARDS } from '../../vocabulary/index';

export interface PassesFieldsProps {
  value: Passes;
  onChange: (passes: Passes) => void;
  disabled?: boolean;
  /** First message per field, keyed by the API's field names. */
  errors?: Partial<Record<keyof Passes, string>>;
  /** Clears a field's error when the traveller returns to it (SPEC section 5). */
  onFocusField?: (field: keyof Passes) => void;
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

function YesNo(props: {
  name: keyof Passes;
  label: string;
  value: boolean;
  onChange: (yes: boolean) => void;
  disabled?: boolean;
  error?: string;
  onFocusField?: (field: keyof Passes) => void;
}) {
  return (
    <Radio.Group
      name={props.name}
      label={props.label}
      value={yesNo(props.value)}
      onChange={(v) => props.onChange(v === 'yes')}
      error={props.error}
      onFocus={() => props.onFocusField?.(props.name)}
    >
      <Group gap="lg" mt={4}>
        <Radio value="yes" label="Yes" disabled={props.disabled} />
        <Radio value="no" label="No" disabled={props.disabled} />
      </Group>
    </Radio.Group>
  );
}

export function PassesFields({ value, onChange, disabled, errors, onFocusField }: PassesFieldsProps) {
  return (
    <Fieldset legend="Your passes and travel options" variant="unstyled" disabled={disabled}>
      <Stack gap="sm">
        <YesNo
          name="has_access_to_car"
          label="Do you have access to a car?"
          value={value.has_access_to_car}
          disabled={disabled}
          error={errors?.has_access_to_car}
          onFocusField={onFocusField}
          onChange={(yes) => onChange({ ...value, has_access_to_car: yes })}
        />
        <YesNo
          name="has_concessionary_pass"
          label="Do you have a concessionary travel pass?"
          value={value.has_concessionary_pass}
          disabled={disabled}
          error={errors?.has_concessionary_pass}
          onFocusField={onFocusField}
          onChange={(yes) => onChange({ ...value, has_concessionary_pass: yes })}
        />
        <YesNo
          name="has_railcard"
          label="Do you have a railcard?"
          value={value.has_railcard}
          disabled={disabled}
          error={errors?.has_railcard}
          onFocusField={onFocusField}
          onChange={(yes) => onChange(answerRailcard(value, yes))}
        />
        {value.has_railcard && (
          <NativeSelect
            label="Which railcard?"
            name="railcard_type"
            value={value.railcard_type ?? ''}
            data={[{ value: '', label: 'Choose a railcard' }, ...RAILCARDS.map((r) => ({ value: r, label: r }))]}
            onChange={(event) => onChange(chooseRailcard(value, event.currentTarget.value))}
            onFocus={() => onFocusField?.('railcard_type')}
            error={errors?.railcard_type}
            disabled={disabled}
          />
        )}
        <YesNo
          name="has_young_scot_card"
          label="Do you have a Young Scot card?"
          value={value.has_young_scot_card}
          disabled={disabled}
          error={errors?.has_young_scot_card}
          onFocusField={onFocusField}
          onChange={(yes) => onChange(answerYoungScot(value, yes))}
        />
        {asksNewYoungScotCard(value) && (
          <YesNo
            name="has_new_young_scot_card"
            label="Was your Young Scot card issued on or after 10 January 2022?"
            value={value.has_new_young_scot_card}
            disabled={disabled}
            error={errors?.has_new_young_scot_card}
            onFocusField={onFocusField}
            onChange={(yes) => onChange({ ...value, has_new_young_scot_card: yes })}
          />
        )}
      </Stack>
    </Fieldset>
  );
}
