/** The 768 px mobile breakpoint: below it the listing offers Kort/Lista. */
export const MOBILE_BREAKPOINT_PX = 768;
