"use client";

import type { FieldErrors, FieldValues, Path, UseFormRegister, UseFormSetError } from "react-hook-form";
import { TextField } from "@/components/ui/input";
import { emailTakenMessage } from "./use-signup";

type AccountValues = FieldValues & { firstName: string; lastName: string; email: string; password: string };

/** First name, last name, email (checked for availability on blur) and password. */
export function AccountFields<T extends AccountValues>({
  register,
  errors,
  setError,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  setError: UseFormSetError<T>;
}) {
  const msg = (name: keyof AccountValues) => errors[name as Path<T>]?.message as string | undefined;
  const email = register("email" as Path<T>);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" required {...register("firstName" as Path<T>)} error={msg("firstName")} />
        <TextField label="Last name" autoComplete="family-name" required {...register("lastName" as Path<T>)} error={msg("lastName")} />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        {...email}
        onBlur={async (e) => {
          await email.onBlur(e);
          const taken = await emailTakenMessage(e.target.value);
          if (taken) setError("email" as Path<T>, { message: taken });
        }}
        error={msg("email")}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint="8 to 40 characters, with at least one number."
        {...register("password" as Path<T>)}
        error={msg("password")}
      />
    </>
  );
}
