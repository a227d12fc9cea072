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
  generic: {
    badRequest: "The request is not valid.",
    notFound: "Not found.",
    server: "Something went wrong on our side. Please try again.",
  },
} as const;
