// Paths and limits of the five endpoints (../shared/spec/interface.md, "Endpoints" and "Limits").

export const ENDPOINTS = {
  recommendations: '/api/custom/recommended-deduplications',
  approve: '/api/custom/recommended-deduplications/approve',
  reject: '/api/custom/recommended-deduplications/reject',
  locations: '/api/custom/locations',
  events: '/api/custom/events',
} as const;

export type EndpointName = keyof typeof ENDPOINTS;

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = {
  recommendations: 200,
  locations: 500,
  events: 500,
} as const;
