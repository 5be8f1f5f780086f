/** @module Where an invitation's link leads: the admin page's invitation screen, which shows it and accepts it. */

/** The link an invitation's `token` is sent as. */
export const invitationLink = (baseUrl: string, token: string): string => `${baseUrl}/admin/#/invitation/${token}`
