/** Key of a performance in the booking page's index: the booking route's two query parameters. */
export const bookingKey = (theaterCode: string, perfCode: string): string => `${theaterCode}|${perfCode}`;
