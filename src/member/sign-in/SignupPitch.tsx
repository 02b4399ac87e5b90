import { configTextItems } from "../../lib/config-text";

/**
 * The operator's sign-up pitch (loyalty.guestSignupTabText): one paragraph, or a list when it holds
 * "|"-separated items (spec §9). The login page and the sign-in dialog show it to guests.
 */
export function SignupPitch({ text }: { text: string }) {
  const items = configTextItems(text);
  if (items.length > 1)
    return (
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  return <p>{items[0] ?? ""}</p>;
}
