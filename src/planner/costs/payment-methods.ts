/** SPEC payment_methods_breakdown (agency_name, methods) from region data; agencies without a sourced entry are left out. */

export interface AgencyPaymentMethods {
  agency_name: string;
  methods: string[];
  source_url: string;
  source_date: string;
  note?: string | undefined;
}

export interface PaymentMethodsData {
  agencies: AgencyPaymentMethods[];
}

export function paymentMethodsBreakdown(
  agencyNames: readonly string[],
  data: PaymentMethodsData,
): { agency_name: string; methods: string[] }[] {
  const seen = new Set<string>();
  const out: { agency_name: string; methods: string[] }[] = [];
  for (const name of agencyNames) {
    const key = name.trim().toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const entry = data.agencies.find((a) => a.agency_name.toLowerCase() === key);
    if (entry && entry.methods.length > 0) out.push({ agency_name: entry.agency_name, methods: [...entry.methods] });
  }
  return out;
}
