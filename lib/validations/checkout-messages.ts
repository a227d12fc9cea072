/**
 * The sections of the message catalogue (messages.ts) that the checkout's browser code shows:
 * defined here once and composed into `messages` there, so the donate page ships these and not
 * the whole catalogue. Texts marked "spec" are the specification's words.
 */

/** Errors any request may answer with. */
export const genericMessages = {
  badRequest: "The request is not valid.",
  notFound: "Not found.",
  server: "Something went wrong on our side. Please try again.",
};

/** The checkout: amount, donor, card, organization and provider. */
export const donationMessages = {
  amountRequired: "Please enter an amount.",
  amountMin: "The smallest gift is $1.00.",
  amountMax: (max: string) => `The largest gift we can take online is ${max}.`,
  amountCents: "Please enter an amount in dollars and cents.",
  nameRequired: "Please enter your name.",
  emailRequired: "Please enter your email so we can send your receipt.",
  cardNumber: "Please enter a valid card number.",
  cardExpiry: "Please enter the expiry as MM/YY.",
  cardExpired: "Your card has expired.",
  cardCvc: "Please enter the 3 or 4 digit security code.",
  checkFields: "Please check the fields marked below.",
  sandboxTestCard: "This is the sandbox: please use a test card such as 4242 4242 4242 4242.",
  sandboxTestCardField: "Use a test card such as 4242 4242 4242 4242.",
  organizationNotFound: "This organization was not found.",
  organizationNotAccepting: "This organization is not accepting donations yet.",
  campaignNotFound: "This fundraiser was not found for this organization.",
  campaignEnded: "This fundraiser has ended and no longer accepts donations.",
  idempotencyMismatch: "This checkout was already submitted with different details. Please reload the page and try again.",
  declined: "Your card was declined.",
  insufficientFunds: "Your card has insufficient funds.",
  notFound: "This donation was not found.",
  notVerifiable: "This payment does not need verification.",
  notSettleable: "This bank payment is not waiting to settle.",
  providerUnavailable: (provider: string) => `${provider} payments are not configured on this server.`,
  stripeJsMissing: "Card payments through Stripe need Stripe's payment form, which is not available on this server.",
  webhookSignature: "The webhook signature is missing or invalid.",
  stripeRequired: "Connect a Stripe account first.",
  paypalRequired: "PayPal is not configured on this server.",
};

/** A monthly gift's charges and its payment form. */
export const recurringGiftMessages = {
  noSavedPaymentMethod: "The saved payment method cannot be charged again: please give again to renew your monthly gift.",
  paypalNotSupported: "PayPal monthly gifts cannot be charged automatically: please give again to renew your monthly gift.",
  organizationNotAccepting: "The organization is not accepting donations right now, so this month's gift was not charged.",
  stripeFormLoading: "Loading the secure payment form...",
  stripeFormFailed: "The secure payment form could not load. Please reload the page and try again.",
};

/** A donor managing a monthly gift from the emailed link. */
export const recurringManageMessages = {
  linkInvalid: "This link to manage your monthly gift is not valid. Please use the latest link from your receipt or reminder email.",
  linkExpired: "This link to manage your monthly gift has expired. Please use the link in your latest receipt or reminder email.",
  canceled: "This monthly gift has been canceled.",
  chargeDayInvalid: "Please choose a day of the month between 1 and 31",
  pauseDateInvalid: "Please choose a date in the future, at most one year from today",
  notPaused: "This monthly gift is not paused.",
  nothingToSkip: "There is no upcoming charge to skip.",
  cancelConfirm: "Please confirm that you want to cancel this monthly gift.",
  cardRefused: "This card could not be saved. Please try another card.",
  setupIncomplete: "The new payment method was not confirmed. Please try again.",
  noActiveGifts: "You have no active monthly gifts.",
  duplicateMonthly: (amount: string, name: string) =>
    `You already give ${amount} every month to ${name}. Do you want to start another monthly gift?`,
};

/** These sections in the catalogue's own shape (`messages.donation.declined` and so on). */
export const checkoutMessages = { generic: genericMessages, donation: donationMessages, recurringGifts: recurringGiftMessages, recurringManage: recurringManageMessages };
