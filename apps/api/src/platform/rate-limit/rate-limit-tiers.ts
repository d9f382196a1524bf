/** The specification's rate-limit tiers, and the limits in force for a tenant. */
import type { Tenant, Tier } from "@rapport/store";

export interface RateLimits {
  perSecond: number;
  monthly: number;
}

export const TIER_LIMITS: Record<Exclude<Tier, "custom">, RateLimits> = {
  standard: { perSecond: 5, monthly: 10_000 },
  professional: { perSecond: 20, monthly: 100_000 },
  enterprise: { perSecond: 50, monthly: 500_000 },
};

/** A custom tier uses the tenant's own values; a missing custom value falls back to Standard. */
export function limitsFor(tenant: Pick<Tenant, "tier" | "per_second_limit" | "monthly_limit">): RateLimits {
  if (tenant.tier === "custom") {
    return {
      perSecond: tenant.per_second_limit ?? TIER_LIMITS.standard.perSecond,
      monthly: tenant.monthly_limit ?? TIER_LIMITS.standard.monthly,
    };
  }
  return TIER_LIMITS[tenant.tier];
}
