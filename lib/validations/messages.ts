/**
 * Every user-facing validation and error message, once. Texts marked "spec" are the product
 * specification's words (sections 5 and 8) and must not be reworded.
 */
import { donationMessages, genericMessages, recurringGiftMessages, recurringManageMessages } from "./checkout-messages";

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
  // Manage Donations: report filters, CSV/email report, analytics and fundraiser budgets.
  reports: {
    durationInvalid: "Please choose yearToDate, monthToDate or customRange as the duration.",
    datesRequired: "Please choose a start date and an end date.",
    dateInvalid: "Please enter dates as YYYY-MM-DD.",
    endBeforeStart: "The end date cannot be before the start date.",
    rangeTooLong: "A custom range can cover at most 10 years.",
    fundraiserNotFound: "This fundraiser was not found for your organization.",
    cursorInvalid: "This page of the report is no longer available. Please start from the first page.",
    donorNotFound: "We could not find donations from this donor.",
    noRecipient: "Your account has no email address to send the report to.",
    emailQueued: (to: string) => `The report is on its way to ${to}.`,
    emailFailed: "We could not send the report. Please try again.",
    tooManyRowsForEmail: (max: string) => `This report has more than ${max} donations: please download the CSV instead.`,
    analyticsFailed: "We could not load your donation analytics. Please try again.",
    balanceFailed: "We could not load your Stripe balance right now.",
    budgetsFailed: "We could not load your fundraiser budgets. Please try again.",
  },
  budgets: {
    labelRequired: "Please enter what the money is for.",
    labelTooLong: "Budget items can be at most 120 characters.",
    amountInvalid: "Please enter the amount in dollars, for example 250 or 250.00.",
    amountMin: "Each budget item must be at least $0.01.",
    amountMax: "Each budget item can be at most $10,000,000.00.",
    tooManyLines: "A budget can have at most 50 items.",
    saveFailed: "We could not save the budget. Please try again.",
    saved: "Budget saved.",
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
    accountDeleted: "Your account has been deleted. Your organization stays in the directory, and its donation records are kept.",
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
  // API keys of the public API, created and revoked on the nonprofit dashboard.
  apiKeys: {
    nameRequired: "Please enter a name for the key.",
    nameTooLong: "Key names can be at most 60 characters.",
    scopesRequired: "Please choose at least one scope.",
    scopeInvalid: "Choose scopes from read:donations, read:fundraisers, read:events, read:payouts and read:donors.",
    tooMany: (max: number) => `An organization can have at most ${max} active API keys. Revoke a key you no longer use first.`,
    notFound: "This API key was not found.",
    shownOnce: "Copy this key now: it is shown only once. We keep only a fingerprint of it.",
    created: (name: string) => `The key "${name}" is ready.`,
    revoked: (name: string) => `The key "${name}" is revoked. Calls made with it now get 401.`,
    confirmRevoke: (name: string) => `Revoke the key "${name}"? Anything using it stops working at once.`,
    none: "You have no API keys yet.",
    loadFailed: "We could not load your API keys. Please try again.",
  },
  // The public REST API (/api/v1): RFC 9457 problem details.
  publicApi: {
    titles: {
      bad_request: "Your request parameters are not valid",
      validation: "Your request parameters are not valid",
      unauthenticated: "An API key is needed",
      forbidden: "This API key may not do this",
      not_found: "Not found",
      conflict: "Conflict",
      payload_too_large: "Request too large",
      unsupported_media_type: "Unsupported media type",
      rate_limited: "Too many requests",
      unavailable: "Service unavailable",
      server_error: "Something went wrong on our side",
      method_not_allowed: "Method not allowed",
    },
    keyMissing: "This call needs an API key: send it in the Authorization header as Bearer <key>.",
    keyInvalid: "The API key is not valid or has been revoked.",
    scopeMissing: (scope: string) => `This API key does not have the ${scope} scope. Create a key with it on your dashboard.`,
    rateLimited: (seconds: number) => `Too many requests. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
    cursorInvalid: "cursor is not valid: pass the next_cursor of the previous page, with the same filters.",
    unknownCall: "Version 1 of the Givebridge API has no such call. See /developers for the list.",
    methodNotAllowed: (method: string, allow: string) => `This call does not accept ${method}: version 1 only reads. Use ${allow}.`,
    paramEmpty: (name: string) => `${name} is empty: give it a value or leave it out.`,
    paramRepeated: (name: string) => `${name} is given more than once: send it once.`,
    paramUnknown: (name: string) => `${name} is not a parameter of this call. See /developers for its parameters.`,
    integerInvalid: (name: string) => `${name} must be a whole number written in decimal digits, for example 25.`,
    decimalInvalid: (name: string) => `${name} must be a number written in decimal digits, for example 25 or 2.5.`,
    stateInvalid: "Use the two-letter state code in capital letters, for example VT.",
    dateTimeInvalid: "Use a date and time in ISO 8601 with a time zone, for example 2026-01-31T00:00:00Z.",
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
    publicPageNotFound: "We could not find that donor.",
  },
  // Fundraisers and wishlist/marketplace links (nonprofit profile and dashboard).
  campaign: {
    nameRequired: "Please enter a fundraiser name",
    nameTooLong: "Fundraiser names can be at most 120 characters",
    goalRequired: "Please enter a goal",
    goalInvalid: "Please enter the goal in dollars, for example 5000 or 5000.00",
    goalMin: "The goal must be at least $1.00",
    goalMax: "The goal can be at most $10,000,000.00",
    dateInvalid: "Please enter a valid date",
    endBeforeStart: "The end date cannot be before the start date",
    descriptionTooLong: "The description can be at most 5,000 characters",
    topicTooLong: "The topic can be at most 60 characters",
    notFound: "This fundraiser was not found.",
    alreadyEnded: "This fundraiser has already ended.",
    tooMany: "You have reached the limit of 200 fundraisers. Delete an old one first.",
  },
  organizationLinks: {
    invalid: "Please enter a valid web address, for example https://example.org/list",
    unsafe: "Only web addresses starting with http:// or https:// can be saved",
    tooLong: "Links can be at most 2,000 characters",
    notFound: "This link was not found.",
    tooMany: "You can save at most 50 links here. Delete one first.",
  },
  // Nonprofit public profile editing: general info, about, links, impacts, spotlight, nickname, live.
  organizationProfile: {
    nameTooLong: "Organization name is too long (200 characters at most)",
    textTooLong: (max: number) => `Please keep this under ${max} characters`,
    linkInvalid: "Please enter a valid web address, for example https://example.org",
    impactIncomplete: "Enter both the figure and what it counts",
    tooManyImpacts: (max: number) => `You can show up to ${max} impact figures`,
    imageUrlInvalid: "Please use an image uploaded with the image widget",
    nicknameFormat: "Use 3 to 40 lowercase letters, digits or single hyphens, for example maple-food-shelf",
    nicknameReserved: "This name is reserved. Please choose another one.",
    nicknameTaken: "This name is already taken. Please choose another one.",
    liveNeedsApproval: "Your profile can go live once our team approves your organization.",
  },
  generic: genericMessages,
  search: {
    busy: "Search is very busy right now. Please try again in a moment.",
  },
  donation: donationMessages,
  // Events and event tickets (nonprofit profile events card, /event/tickets).
  events: {
    nameRequired: "Please enter the event name",
    nameTooLong: "Event names can be at most 120 characters",
    descriptionTooLong: "The description can be at most 5,000 characters",
    topicTooLong: "The topic can be at most 60 characters",
    textTooLong: "This field can be at most 200 characters",
    startRequired: "Please enter the start date and time",
    dateInvalid: "Please enter a valid date and time",
    endBeforeStart: "The end cannot be before the start",
    imageUrlInvalid: "Please upload the image again",
    ticketNameRequired: "Please enter the ticket type name",
    ticketNameTooLong: "Ticket type names can be at most 60 characters",
    ticketPriceInvalid: "Please enter the price in dollars, for example 0, 15 or 15.50",
    ticketPriceMin: "Paid tickets cost at least $1.00 (use 0 for free tickets)",
    ticketPriceMax: "A ticket can cost at most $10,000.00",
    ticketQuantityInvalid: "Please enter a whole number of tickets from 1 to 100,000, or leave it empty for unlimited",
    ticketQuantityBelowSold: (sold: number) => `${sold} ticket${sold === 1 ? " has" : "s have"} already been sold: the limit cannot be lower`,
    tooManyTicketTypes: "An event can have at most 10 ticket types",
    ticketTypeHasOrders: "This ticket type already has orders and cannot be removed",
    hasOrders: "This event already has ticket orders and cannot be deleted",
    notFound: "This event was not found.",
    ticketTypeNotFound: "This ticket type was not found for this event.",
    ended: "This event has ended and no longer sells tickets.",
    quantityInvalid: "Please choose from 1 to 10 tickets.",
    soldOut: "Sorry, these tickets are sold out.",
    onlyLeft: (n: number) => `Sorry, only ${n} ticket${n === 1 ? " is" : "s are"} left of this type.`,
    buyerNameRequired: "Please enter your name.",
    buyerEmailRequired: "Please enter your email so we can send your tickets.",
    orderMismatch: "This order was already submitted with different details. Please reload the page and try again.",
    priceChanged: "The price of these tickets has just changed. Please reload the page and try again.",
    paymentFailed: "Your payment did not go through, so no tickets were reserved.",
    saveFailed: "We could not save the event. Please try again.",
    loadFailed: "We could not load the tickets. Please try again.",
  },
  // Donations and payments: monthly recurring gifts charged off-session, Stripe's payment form.
  recurringGifts: recurringGiftMessages,
  // Request layer (lib/http/route.ts): cross-site writes, content types, encoding, sizes.
  request: {
    crossSite: "This request did not come from Givebridge, so it was refused. Please reload the page and try again.",
    jsonRequired: "Please send this request as JSON (Content-Type: application/json).",
    multipartRequired: "Please send the file as a form upload (Content-Type: multipart/form-data).",
    formRequired: "Please send this sign-in request as a form (Content-Type: application/x-www-form-urlencoded).",
    badEncoding: "The address contains malformed percent-encoding.",
    noBodyExpected: "This request takes no body.",
    bodyTooLarge: "This request is too large: send at most 1 MB of JSON.",
    bodyTooDeep: "This request nests lists and groups too deeply: send at most 32 levels.",
  },
  // Field errors without a message of their own, named after the field (lib/validations/error-map.ts).
  fields: {
    required: (field: string) => `${field} is required.`,
    notText: (field: string) => `${field} must be text.`,
    notNumber: (field: string) => `${field} must be a number.`,
    notWholeNumber: (field: string) => `${field} must be a whole number.`,
    notBoolean: (field: string) => `${field} must be true or false.`,
    notList: (field: string) => `${field} must be a list.`,
    notObject: (field: string) => `${field} must be a group of fields.`,
    notDate: (field: string) => `${field} must be a date.`,
    wrongType: (field: string) => `${field} has the wrong type of value.`,
    empty: (field: string) => `${field} cannot be empty.`,
    tooShort: (field: string, min: number) => `${field} must be at least ${min} characters long.`,
    tooLong: (field: string, max: number) => `${field} must be at most ${max} characters long.`,
    tooSmall: (field: string, min: number) => `${field} must be at least ${min}.`,
    tooBig: (field: string, max: number) => `${field} must be at most ${max}.`,
    tooFewItems: (field: string, min: number) => `${field} needs at least ${min} item${min === 1 ? "" : "s"}.`,
    tooManyItems: (field: string, max: number) => `${field} can have at most ${max} item${max === 1 ? "" : "s"}.`,
    badFormat: (field: string) => `${field} is not in the right format.`,
    badEmail: (field: string) => `${field} must be a valid email address.`,
    badUrl: (field: string) => `${field} must be a valid web address starting with https://.`,
    notOneOf: (field: string, options: string) => `${field} must be one of: ${options}.`,
    notMultipleOf: (field: string, step: number) => `${field} must be a multiple of ${step}.`,
    unknownField: (field: string) => `${field} is not a field of this form.`,
    invalid: (field: string) => `${field} is not valid.`,
    controlCharacters: (field: string) => `${field} cannot contain control characters.`,
  },
  // Connect Payments: PayPal's onboarding return.
  payments: {
    paypalStateInvalid: "This PayPal connection link is not valid any more. Please connect PayPal again from Connect Payments.",
  },
  // Outgoing webhooks (dashboard Webhooks tile): endpoints, events, deliveries.
  webhooks: {
    urlRequired: "Please enter the URL of your endpoint",
    urlInvalid: "Please enter a valid web address, for example https://example.org/webhooks",
    urlTooLong: "URLs can be at most 2,000 characters",
    urlCredentials: "Please remove the user name and password from the URL",
    urlHttpsRequired: "The URL must start with https:// (http:// only for localhost while testing)",
    urlPrivate: "This address is on a private network: webhooks can only go to public internet addresses",
    descriptionTooLong: "The description can be at most 200 characters",
    eventsRequired: "Please pick at least one event",
    eventUnknown: "Please pick events from the list",
    tooMany: (max: number) => `You can register at most ${max} endpoints. Delete one first.`,
    notFound: "This webhook endpoint was not found.",
    deliveryNotFound: "This delivery was not found.",
    endpointDisabled: "This endpoint is disabled. Enable it first.",
    attemptInProgress: "This delivery is being sent right now. Please try again in a minute.",
    loadFailed: "We could not load your webhooks. Please try again.",
  },
  // Trust and safety: images, email change, checkout defences.
  trustAndSafety: {
    imageNotYours: "Please use an image uploaded with the image widget",
    emailChangeNeedsPassword: "Please enter your current password to change your email",
    emailChangeSent: "We sent a link to your new email address. Your email changes when you open it.",
    emailChangeInvalid: "This email change link is invalid or has expired. Please change your email again.",
    tooManyCheckouts: "Too many payment attempts. Please wait a while and try again.",
    challengeRequired: "Please wait a moment for the security check to finish, then try again.",
    challengeFailed: "The security check did not pass. Please reload the page and try again.",
    signedOutEverywhere: "You are signed out on every other device.",
  },
  // The embeddable donate form (/embed/…, framed by nonprofits' own sites).
  embed: {
    insecureHost: "This donation form needs a secure (https) page to take payments. You can give on Givebridge instead.",
    formNotFound: "This donation form was not found. Check the organization and fundraiser in the embed code.",
    noGift: "There is no gift to show here. If you just gave, your receipt is in your email.",
  },
  // Refunds from the nonprofit's Manage Donations screen, through the payment provider.
  refunds: {
    notCompleted: "Only completed donations can be refunded.",
    onlyDonations: "Only donations can be refunded here.",
    ticketOrderNotFound: "This ticket order was not found.",
    ticketNotPaid: "Only paid ticket orders can be refunded.",
    ticketRefunded: (amount: string) => `The ticket order of ${amount} was refunded.`,
    ticketRequested: (amount: string) => `The refund of ${amount} was sent to the payment provider. The order shows as Refunded once the provider confirms it.`,
    ticketOrdersLoadFailed: "We could not load the ticket orders. Please try again.",
    ticketRefundFailed: "We could not refund this ticket order. Please try again.",
    notRefundable: "This payment cannot be refunded from here. Please refund it in your payment provider's dashboard.",
    providerFailed: "The payment provider could not refund this donation. Please try again later.",
    refunded: (amount: string) => `The donation of ${amount} was refunded.`,
    requested: (amount: string) => `The refund of ${amount} was sent to the payment provider. The donation shows as Refunded once the provider confirms it.`,
  },
  // Gifts only to organizations that can receive them (claimed, approved, live, connected); pledges for the rest.
  receiving: {
    notReceiving: "This nonprofit doesn't receive gifts on Givebridge yet",
    pledgeOffer: "Leave a pledge: we email you once the nonprofit can receive gifts, with a link that opens checkout filled in. No card is taken and no money is held.",
    pledgeSaved: "Thank you! We will email you when this nonprofit can receive your gift.",
    pledgeAmountInvalid: "Please enter an amount in dollars, for example 25 or 25.50",
    pledgeAmountMin: "Please pledge at least $1.00",
    pledgeEmailRequired: "Please enter your email so we can tell you when your gift can be made.",
    pledgeCannotReceive: "This nonprofit can already receive gifts: please give directly.",
    pledgeNotFound: "This pledge was not found or has expired.",
    pledgesWaiting: (donors: number, dollars: string) => `${donors} donor${donors === 1 ? "" : "s"} pledged ${dollars}: connect payments to receive them`,
    sandboxConnectOnlyInSandbox: "The sandbox connection is only available when payments run on the sandbox provider.",
    fairMarketValueInvalid: "Please enter the fair market value in dollars, from 0 up to the ticket price",
  },
  // Recurring gifts donors manage themselves (manage link, retries, reminders).
  recurringManage: recurringManageMessages,
  // Gifts a nonprofit records itself, received outside the platform (Manage Donations).
  offlineGifts: {
    methodRequired: "Please choose how the gift was given",
    receivedOnInvalid: "Please enter the date the gift was received",
    receivedOnFuture: "The date received cannot be in the future",
    amountRequired: "Please enter the amount in dollars",
    amountInvalid: "Please enter an amount in dollars greater than zero, with at most two decimals",
    amountTooLarge: "This amount is too large to record",
    inKindNoAmount: "In-kind gifts are recorded without a value: the organization does not value donated property (IRS Publication 1771)",
    checkNumberRequired: "Please enter the check number",
    fundNameRequired: "Please enter the name of the donor-advised fund",
    descriptionRequired: "Please describe what was given",
    sharesInvalid: "Please enter the number of shares, greater than zero",
    donorRequired: "Please enter the donor's name or email",
    consentRequired: "Please confirm the donor agreed to have their email recorded",
    fundraiserNotFound: "Please choose one of your fundraisers",
    notOffline: "Only gifts recorded offline can be changed or deleted here.",
    recorded: "The offline gift was recorded.",
    updated: "The offline gift was updated.",
    deleted: "The offline gift was deleted.",
    saveFailed: "We could not save this gift. Please try again.",
  },
  // The nonprofit's Donors view (Manage Donations): donors, segments, notes and tags.
  donors: {
    segmentInvalid: "Please choose one of the listed segments.",
    sortInvalid: "Please sort by lifetime giving, last gift or name.",
    minAmountInvalid: "Please enter an amount in dollars, zero or more, with at most two decimals.",
    searchTooLong: "Please search with at most 200 characters.",
    pageInvalid: "Please choose a page number from 1.",
    notFound: "We could not find this donor. They may no longer share their name or email with your organization.",
    donorKeyInvalid: "This donor link is not valid.",
    noteTooLong: "Please keep the note under 5,000 characters.",
    tagInvalid: "Each tag must be 1 to 40 characters.",
    tooManyTags: "Please use at most 20 tags.",
    empty: "No donors match these filters.",
    noDonorsYet: "No donor has shared their name or email with your organization yet.",
    fetchFailed: "We could not load your donors. Please try again.",
    saved: "Note and tags saved.",
    saveFailed: "We could not save the note and tags. Please try again.",
  },
  // A gift dedicated "in honor of" or "in memory of" someone, and its card (checkout).
  tribute: {
    typeInvalid: "Please choose \"In honor of\" or \"In memory of\"",
    nameRequired: "Please enter the name of the person this gift honors",
    nameTooLong: "The name can be at most 100 characters",
    recipientNameRequired: "Please enter the name of the card's recipient",
    recipientNameTooLong: "The recipient's name can be at most 120 characters",
    recipientEmailRequired: "Please enter the email the card is sent to",
    recipientEmailInvalid: "Please enter a valid email address for the card's recipient",
    messageTooLong: "The message can be at most 500 characters",
    sendOnRequired: "Please choose the day the card is sent",
    sendOnPast: "The card's send date cannot be in the past",
    sendOnTooFar: "The card's send date can be at most one year from today",
    timeZoneInvalid: "We could not read your time zone. Please reload the page and try again.",
  },
  // The organization's own thank-you emails and its bulk year-end statements (Manage Donations).
  thankYou: {
    subjectRequired: "Please enter a subject",
    subjectTooLong: "The subject can be at most 200 characters",
    subjectOneLine: "The subject must fit on one line",
    bodyRequired: "Please write the message",
    bodyTooLong: "The message can be at most 5,000 characters",
    variantInvalid: "Please choose one of the thank-you emails",
    /** `{{field}}` is replaced by the unknown field as written; `{{fields}}` by the known ones. */
    unknownField: "Unknown merge field {{field}}. Use one of: {{fields}}",
    unclosedField: "A merge field is not closed: write it as {{first_name}}",
    saved: "Thank-you emails saved.",
    saveFailed: "We could not save your thank-you emails. Please try again.",
    fetchFailed: "We could not load your thank-you emails. Please try again.",
    previewFailed: "We could not show the preview. Please try again.",
    testSent: "A test email is on its way to {{email}}.",
    testFailed: "We could not send the test email. Please try again.",
    testRateLimited: "You have sent several test emails already. Please wait a few minutes before sending another.",
    noOrganization: "Your account is not linked to an organization yet.",
  },
  yearEndStatements: {
    yearInvalid: "Please choose a year from 2000 to this year",
    confirm: "Email the {{year}} year-end statement to every donor who shared their email with your organization? Each donor gets one email listing only their gifts to your organization that year.",
    queued: "Statements queued for {{year}}: {{queued}}.",
    nothingNew: "Every donor who shared their email has been sent their {{year}} statement already.",
    sendFailed: "We could not queue the statements. Please try again.",
    fetchFailed: "We could not load the progress of the statements. Please try again.",
  },
} as const;
