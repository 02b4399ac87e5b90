import { failure, type Answer } from "../answers";
import { attachCard, cardsOf, findCard, settlePrimary } from "../cards";
import { firstText } from "../payload";
import type { MemberContext, Route } from "../router";

function deleteCard({ db, member, body }: MemberContext): Answer {
  const code = firstText(body, "cardCode", "cardNumber");
  const card = findCard(db, code);
  if (!card || card.member_id !== member.member_id) return failure(1, "No such card on this account");
  db.transaction(() => {
    db.run("DELETE FROM cards WHERE card_code = ?", [code]);
    settlePrimary(db, member.member_id);
  });
  return { peachCode: 0, cards: cardsOf(db, member.member_id) };
}

export const cardRoutes: Route[] = [
  {
    method: "GET",
    path: "/Member/v3/GetCards",
    session: true,
    handle: ({ db, member }) => ({ peachCode: 0, cards: cardsOf(db, member.member_id) }),
  },
  {
    method: "POST",
    path: "/Member/v3/AddCard",
    session: true,
    handle({ db, member, body, now }) {
      const refused = attachCard(db, member.member_id, firstText(body, "cardCode"), now);
      return refused ?? { peachCode: 0, cards: cardsOf(db, member.member_id) };
    },
  },
  { method: "POST", path: "/Member/DeleteCard", session: true, handle: deleteCard },
  { method: "POST", path: "/Member/v3/DeleteCard", session: true, handle: deleteCard },
  {
    // Without a cardCode query parameter the primary card is the one lost.
    method: "GET",
    path: "/Member/v3/ReportLostCard",
    query: ["{brand}CircuitId", "{brand}CinemaId"],
    session: true,
    handle({ db, member, query }) {
      const code = query.get("cardCode");
      const card = code
        ? findCard(db, code)
        : db.get<{ card_code: string; member_id: string }>(
            "SELECT * FROM cards WHERE member_id = ? AND status = 'ACTIVE' AND is_primary = 1",
            [member.member_id],
          );
      if (!card || card.member_id !== member.member_id) return failure(1, "No such card on this account");
      db.transaction(() => {
        db.run("UPDATE cards SET status = 'LOST', is_primary = 0 WHERE card_code = ?", [card.card_code]);
        settlePrimary(db, member.member_id);
      });
      return { peachCode: 0, cards: cardsOf(db, member.member_id) };
    },
  },
];
