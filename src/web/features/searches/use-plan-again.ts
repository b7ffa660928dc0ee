import { useNavigate } from '@tanstack/react-router';
import { searchPreset } from '../../lib/search-preset';

/** 'Plan Again': Home with origin and destination preset (SPEC section 2); plain Home if a stored place lacks coordinates. */
export function usePlanAgain() {
  const navigate = useNavigate();
  return (item: { origin: unknown; destination: unknown; origin_address: string; destination_address: string }) => {
    const preset = searchPreset(item.origin, item.destination, {
      origin: item.origin_address,
      destination: item.destination_address,
    });
    void navigate({ to: '/', state: preset ? { searchPreset: preset } : {} });
  };
}
