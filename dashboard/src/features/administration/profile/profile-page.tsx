import { useQuery } from '@tanstack/react-query';
import { Briefcase, KeyRound, Mail, Pencil, Phone } from 'lucide-react';
import { useState } from 'react';
import { fullName } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Avatar } from '../../../ui/avatar';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card, DefinitionList } from '../../../ui/card';
import { Spinner } from '../../../ui/spinner';
import { meQueryOptions } from '../../auth/api';
import { EditCredentialsDialog } from './edit-credentials-dialog';
import { EditProfileDialog } from './edit-profile-dialog';
import { SessionsCard } from './sessions-card';
import { SecurityCard } from '../../two-factor/security-card';

export const NOT_SET = 'Non défini';
/** The password is never shown: 15 stars stand for it. */
export const PASSWORD_MASK = '*'.repeat(15);
const COVER = `${import.meta.env.BASE_URL}profile-cover.svg`;

/** /dashboard/administration and /dashboard/administration/profile: the signed-in user's own profile. */
export function ProfilePage() {
  useDocumentTitle('Mon profil');
  const { data: user, isPending } = useQuery(meQueryOptions);
  const [dialog, setDialog] = useState<'profile' | 'credentials' | null>(null);

  if (isPending || !user) {
    return (
      <div className="flex justify-center py-6 text-brand-700">
        <Spinner size="lg" label="Chargement…" />
      </div>
    );
  }

  const or = (value: string | null | undefined) => (value && value.trim() ? value : NOT_SET);
  const name = fullName(user);

  return (
    <div className="flex flex-col gap-3">
      <section aria-label="Profil" className="overflow-hidden rounded-lg border border-line bg-surface shadow-card">
        <div
          className="h-16 bg-brand-800 bg-cover bg-center sm:h-20"
          style={{ backgroundImage: `url("${COVER}")` }}
          role="img"
          aria-label="Image de couverture"
        />
        <div className="flex flex-col items-start gap-2 px-3 pb-3 sm:flex-row sm:items-end">
          <Avatar src={user.image} alt={`Photo de ${name}`} size="xl" className="-mt-8 border-4 shadow-card" />
          <div className="w-full min-w-0 flex-1 pb-0.5 sm:w-auto">
            <h2 className="truncate text-2xl font-semibold text-ink" data-testid="profile-name">
              {name}
            </h2>
            <p className="flex items-center gap-0.5 text-sm text-ink-muted" data-testid="profile-profession">
              <Briefcase className="size-2" aria-hidden="true" />
              {user.profession?.trim() ? user.profession : 'Profession non définie'}
            </p>
          </div>
          {user.role?.name ? <Badge tone="brand">{user.role.name}</Badge> : null}
        </div>
      </section>

      <div className="grid gap-3 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-3">
          <Card
            title="Informations professionnelles"
            titleId="profile-info-title"
            action={
              <Button
                variant="secondary"
                size="sm"
                icon={<Pencil className="size-2" aria-hidden="true" />}
                onClick={() => setDialog('profile')}
                aria-label="Modifier les informations professionnelles"
              >
                Modifier
              </Button>
            }
          >
            <DefinitionList
              items={[
                { label: 'Prénom(s)', value: or(user.firstname) },
                { label: 'Nom', value: or(user.name) },
                {
                  label: 'Téléphone professionnel',
                  value: user.phone ? (
                    <a
                      href={`tel:${user.phone.replace(/\s+/g, '')}`}
                      className="inline-flex items-center gap-0.5 hover:underline"
                    >
                      <Phone className="size-1.5" aria-hidden="true" />
                      {user.phone}
                    </a>
                  ) : (
                    NOT_SET
                  ),
                },
                { label: 'Email professionnel', value: or(user.email) },
                { label: 'Fonction', value: or(user.profession) },
                { label: "Rôle d'administration", value: or(user.role?.name) },
              ]}
            />
          </Card>
          <Card
            title="Identifiants"
            titleId="profile-credentials-title"
            action={
              <Button
                variant="secondary"
                size="sm"
                icon={<KeyRound className="size-2" aria-hidden="true" />}
                onClick={() => setDialog('credentials')}
                aria-label="Modifier les identifiants"
              >
                Modifier
              </Button>
            }
          >
            <DefinitionList
              items={[
                {
                  label: 'Email',
                  value: (
                    <span className="inline-flex min-w-0 items-center gap-0.5 break-all">
                      <Mail className="size-1.5 shrink-0" aria-hidden="true" />
                      {user.email}
                    </span>
                  ),
                },
                {
                  label: 'Mot de passe',
                  value: (
                    <span className="font-mono tracking-wider" aria-label="Mot de passe masqué">
                      {PASSWORD_MASK}
                    </span>
                  ),
                },
              ]}
            />
          </Card>
        </div>
        <Card title="À propos" titleId="profile-about-title" className="self-start">
          <p className="whitespace-pre-line break-words text-sm leading-relaxed text-ink-muted" data-testid="profile-about">
            {or(user.about)}
          </p>
        </Card>
      </div>

      <SecurityCard />

      <SessionsCard />

      {dialog === 'profile' ? <EditProfileDialog user={user} onClose={() => setDialog(null)} /> : null}
      {dialog === 'credentials' ? <EditCredentialsDialog user={user} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
