/** SPEC section 9: both policies are dated October 16, 2025. */
export const POLICY_LAST_UPDATED = 'October 16, 2025';
export const LIABILITY_CAP_USD = 100;
export const MINIMUM_AGE = 13;
export const DELETION_DAYS = 30;
