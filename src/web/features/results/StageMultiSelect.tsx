/**
 * 'Showing' as a multi-select of stages (brands with enableMultipleJourneyTypeFilter, SPEC
 * section 4: checking adds a stage, unchecking removes it; none checked shows all). Its own
 * chunk: Mantine's combobox (floating-ui, scroll area) is a third of the Results page's script,
 * and only these brands need it; the others get native selects.
 */
import { MultiSelect } from '@mantine/core';
import type { TravelType } from '../../../vocabulary/index';

export interface StageMultiSelectProps {
  options: Array<{ value: TravelType; label: string }>;
  /** The checked stages; empty means all. */
  value: TravelType[];
  onChange(stages: TravelType[]): void;
}

export default function StageMultiSelect({ options, value, onChange }: StageMultiSelectProps) {
  return (
    <MultiSelect
      label="Showing"
      placeholder={value.length > 0 ? undefined : 'All'}
      data={options}
      value={value}
      // Kept in the order the stages are listed, whatever order they were checked in.
      onChange={(values) => onChange(options.map((option) => option.value).filter((stage) => values.includes(stage)))}
      clearable
    />
  );
}
