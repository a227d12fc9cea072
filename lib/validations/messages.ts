/**
 * Every user-facing validation and error message, once. Texts marked "spec" are the product
 * specification's words (sections 5 and 8) and must not be reworded.
 */
export const messages = {
  email: {
    invalid: "Invalid Format", // spec 5
    empty: "Email cannot be empty", // spec 5
    taken: "An account with this email already exists. Log in or use another email.",
  },
  phone: {
    tooLong: "Phone number is invalid", // spec 5
    tooShort: "Phone number too short", // spec 5
    letters: "Phone number should not contains letters", // spec 5 (settings)
    lettersOrSpace: "Phone number should not contains letters or space", // spec 5 (profile)
    empty: "Phone number cannot be empty", // spec 5
    lookupFailed: "unable to get your phone number", // spec 8
  },
  password: {
    tooLong: "Password too long", // spec 5
    tooShort: "Password too short", // spec 5
    noNumber: "Password does not contain a number", // spec 5
    empty: "Password cannot be empty", // spec 5
    nonprofitMin: "Password must be more than 8 characters", // spec 5
    nonprofitEmpty: "Password cannot be empty !", // spec 5
    mismatch: "Passwords do not match !", // spec 5
    currentMismatch: "This does not match your current password!", // spec 5
  },
  settings: { invalidEntry: "Invalid Entry" }, // spec 5
  nonprofitEmail: {
    invalid: "Please enter a valid email address", // spec 5
    mismatch: "Email address and confirmation must match", // spec 5
  },
  links: { required: "Please enter a link" },
  report: {
    needsFilters: "Please choose a duration and a fundraiser.",
    fetchFailed: "Couldn't retrieve records. Please try again.", // spec 8
    empty: "You don't have any donations to show.", // spec 8
  },
  organization: {
    updateFailed: "We encountered an error. Please contact us if it happens again, thanks!", // spec 8
    noCampaigns: "Currently you do not have any campaigns running.", // spec 8
    noWishlist: "You currently don't have a wishlist.", // spec 8
    noMarketplace: "You currently don't have a marketplace.", // spec 8
    notFound: "We could not find that organization.",
    alreadyClaimed: "This organization has already been claimed. Contact us if you believe this is a mistake.",
    einNotFound: "We could not find this EIN in the IRS directory. Check the number, or register without an EIN.",
    einInvalid: "An EIN has 9 digits, for example 12-3456789.",
    nameRequired: "Organization name is required",
  },
  images: {
    oneFile: "Please select just one image file", // spec 5
    tooLarge: "Your image file was too large", // spec 5
    invalid: "Please select a valid image file", // spec 5
  },
  location: { scriptFailed: "error occured: google place api was not loaded." }, // spec 5
  auth: {
    invalidCredentials: "The email or password is incorrect.",
    tooManyAttempts: "Too many failed sign-in attempts. Please wait a few minutes and try again.",
    signInRequired: "Please log in to continue.",
    forbidden: "You do not have access to this.",
  },
  name: {
    firstRequired: "First name is required",
    lastRequired: "Last name is required",
  },
  admin: {
    disabled: "Admin sign-in is not available on this server.",
    wrongPassword: "The admin password is incorrect.",
    tooManyAttempts: "Too many failed admin sign-in attempts. Please wait and try again.",
    passwordRequired: "Please enter the admin password.",
    linkInvalid: "This approval link is not valid.",
    linkUsed: "This approval link has already been used.",
    linkExpired: "This approval link has expired.",
    notPending: "This organization is not waiting for approval.",
    updateNotFound: "That update notice no longer exists.",
    titleRequired: "Please enter a title",
    descriptionRequired: "Please enter a description",
    linkFormat: "Please enter a full link starting with https://",
  },
  business: {
    nameRequired: "Please enter your business name",
    contactRequired: "Please enter a contact name",
    tooMany: "Too many sign-ups from this address. Please try again later.",
  },
  donor: {
    nameRequired: "Please enter your name",
    messageRequired: "Please enter a message",
    dateInvalid: "Please enter a valid date",
    dateInFuture: "Hours can only be logged for today or earlier",
    hoursInvalid: "Enter between 0.25 and 24 hours",
    descriptionRequired: "Please describe what you did",
    titleRequired: "Please enter a title",
    storyRequired: "Please write your story",
    amountInvalid: "Please enter an amount between $1.00 and $100,000.00",
    notSupported: "You can write a story about a nonprofit you have supported with a gift or volunteer hours.",
    tooManyChecks: "Too many password checks. Please wait a few minutes and try again.",
    resetSent: "If an account exists for that email, we have sent a link to reset your password. It is valid for one hour.",
    resetInvalid: "This password reset link is invalid or has expired. Please request a new one.",
    confirmInvalid: "This confirmation link is invalid or has expired.",
    recurringCanceled: "This recurring gift has been canceled.",
    deleted: "Your account has been deleted. Thank you for giving with Givebridge.",
  },
  generic: {
    badRequest: "The request is not valid.",
    notFound: "Not found.",
    server: "Something went wrong on our side. Please try again.",
  },
  donation: {
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
  },
} as const;
