-- PayPal's onboarding return must carry a single-use state the app issued (a user token).
ALTER TYPE "user_token_purpose" ADD VALUE IF NOT EXISTS 'paypal_onboarding';
