import type { CurrentUser } from '@comptoir/api/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Camera } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../../lib/api';
import { fullName } from '../../../lib/format';
import { remainingText } from '../../brands/description';
import { useVersionGuard } from '../../../lib/versioning';
import { queryKeys } from '../../../lib/query-keys';
import { Avatar } from '../../../ui/avatar';
import { Button } from '../../../ui/button';
import { FormDialog } from '../../../ui/form-dialog';
import { Field, FieldError } from '../../../ui/field';
import { checkImageFile, IMAGE_MIME_TYPES, useObjectUrl } from '../../../ui/file-drop';
import { Input, Textarea } from '../../../ui/input';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { applyServerErrors } from '../../auth/apply-server-errors';
import { validateCompanyEmail } from '../../auth/email-rules';
import { PasswordInput } from '../../auth/password-input';
import { updateProfile, type ProfileFields } from './api';
import { ABOUT_MAX, ABOUT_TOO_LONG } from '@comptoir/api/text-limits';

export { ABOUT_MAX };

const valuesOf = (user: CurrentUser): ProfileFields => ({
  firstname: user.firstname ?? '',
  name: user.name ?? '',
  phone: user.phone ?? '',
  email: user.email ?? '',
  profession: user.profession ?? '',
  about: user.about ?? '',
  current_password: '',
});

/** Modal "Modifier le profil": photo by click, names, phone, e-mail, function, about (275 max). */
export function EditProfileDialog({ user, onClose }: { user: CurrentUser; onClose: () => void }) {
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const preview = useObjectUrl(image);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFields>({ defaultValues: valuesOf(user) });
  const guard = useVersionGuard(user, (fresh) => reset(valuesOf(fresh)));
  // Changing the e-mail changes how one signs in: the server asks for the current password then.
  const emailChanging = (watch('email') ?? '').trim().toLowerCase() !== (user.email ?? '').toLowerCase();
  const remaining = ABOUT_MAX - (watch('about')?.length ?? 0);

  const onSubmit = handleSubmit(async (values) => {
    if (imageError) return;
    try {
      await updateProfile(
        {
          firstname: values.firstname.trim(),
          name: values.name.trim(),
          phone: values.phone.trim(),
          email: values.email.trim(),
          profession: values.profession.trim(),
          about: values.about,
          current_password: emailChanging ? values.current_password : undefined,
        },
        image,
        guard.version,
      );
      notifySuccess('Profil mis à jour avec succès !');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admins.all }),
      ]);
      onClose();
    } catch (error) {
      if (guard.catchConflict(error)) return;
      if (!isApiError(error) || error.isNetworkError) {
        notifyError('Erreur réseau', 'Une erreur est survenue lors de la mise à jour de votre profil');
        return;
      }
      applyServerErrors(error, setError, ['firstname', 'name', 'phone', 'email', 'profession', 'about', 'current_password']);
      if (error.fieldError('image')) setImageError(error.fieldError('image')!);
      notifyError('Erreur', error.serverMessage || 'Erreur lors de la mise à jour de votre profil');
    }
  });

  return (
    <FormDialog
      title="Modifier le profil"
      size="lg"
      busy={isSubmitting}
      formId="profile-form"
      submitLabel="Modifier le profil"
      cancelLabel="Annuler"
      onClose={onClose}
      notice={guard.notice}
    >
      <form id="profile-form" onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        <div className="flex items-center gap-2">
          <button
            type="button"
            className="group relative rounded-full focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500"
            onClick={() => fileInput.current?.click()}
            aria-label="Changer la photo de profil"
            aria-describedby={imageError ? 'profile-image-error' : 'profile-image-hint'}
          >
            <Avatar src={preview ?? user.image} alt={`Photo de ${fullName(user)}`} size="lg" />
            <span className="absolute inset-0 grid place-items-center rounded-full bg-brand-950/50 text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
              <Camera className="size-2.5" aria-hidden="true" />
            </span>
          </button>
          <div className="min-w-0">
            <Button
              variant="secondary"
              size="sm"
              icon={<Camera className="size-2" aria-hidden="true" />}
              onClick={() => fileInput.current?.click()}
            >
              Changer la photo
            </Button>
            <p id="profile-image-hint" className="mt-0.5 text-xs text-ink-subtle">
              {image ? image.name : 'PNG, JPG, JPEG, SVG ou WEBP (5 Mo max.)'}
            </p>
            {imageError ? <FieldError id="profile-image-error">{imageError}</FieldError> : null}
          </div>
          <input
            ref={fileInput}
            type="file"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            accept={IMAGE_MIME_TYPES.join(',')}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              const problem = checkImageFile(file);
              setImageError(problem);
              setImage(problem ? null : file);
            }}
          />
        </div>
        <div className="grid gap-2 sm:grid-cols-2">
          <Field id="profile-firstname" label="Prénom" error={errors.firstname?.message} required>
            <Input
              autoComplete="given-name"
              {...register('firstname', { validate: (v) => (v.trim() ? true : 'Le prénom est requis.') })}
            />
          </Field>
          <Field id="profile-name" label="Nom" error={errors.name?.message} required>
            <Input
              autoComplete="family-name"
              {...register('name', { validate: (v) => (v.trim() ? true : 'Le nom est requis.') })}
            />
          </Field>
          <Field id="profile-phone" label="Téléphone professionnel" error={errors.phone?.message}>
            <Input type="tel" autoComplete="tel" {...register('phone')} />
          </Field>
          <Field id="profile-email" label="Email professionnel" error={errors.email?.message} required>
            <Input type="email" autoComplete="email" {...register('email', { validate: validateCompanyEmail })} />
          </Field>
        </div>
        {emailChanging ? (
          <Field
            id="profile-current-password"
            label="Mot de passe actuel"
            hint="Demandé pour changer votre email."
            error={errors.current_password?.message}
            required
          >
            <PasswordInput autoComplete="current-password" {...register('current_password')} />
          </Field>
        ) : null}
        <Field id="profile-profession" label="Fonction" error={errors.profession?.message}>
          <Input autoComplete="organization-title" {...register('profession')} />
        </Field>
        <Field
          id="profile-about"
          label="À propos"
          error={errors.about?.message}
          aside={
            <span aria-live="polite" className={remaining < 0 ? 'text-danger' : undefined}>
              {remaining < 0
                ? `${-remaining} caractère${remaining < -1 ? 's' : ''} en trop`
                : remainingText(watch('about'), ABOUT_MAX)}
            </span>
          }
        >
          <Textarea
            rows={5}
            maxLength={ABOUT_MAX}
            {...register('about', {
              maxLength: { value: ABOUT_MAX, message: ABOUT_TOO_LONG },
            })}
          />
        </Field>
      </form>
    </FormDialog>
  );
}
