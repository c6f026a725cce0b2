import { useState } from 'react';
import { PRODUCT_MAX_IMAGES } from './api';

export const IMAGES_COUNT = 'Vous devez sélectionner entre 1 et 5 images.';
export const IMAGES_INVALID = 'Certaines images ont un format invalide ou dépassent 5MB.';

/** The images chosen in the product form (1 to 5; on edit, new ones replace the current ones) and their error. */
export function useProductImages(editing: boolean) {
  const [images, setImages] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);

  const add = (files: File[]) => {
    // Too many: the whole choice is refused (none kept silently), and saving waits until it is fixed.
    if (images.length + files.length > PRODUCT_MAX_IMAGES) {
      setError(`${IMAGES_COUNT} Vous en avez choisi ${images.length + files.length} : aucune n’a été ajoutée.`);
      return;
    }
    setError(null);
    setImages([...images, ...files]);
  };

  const remove = (index: number) => {
    setImages((current) => current.filter((_, i) => i !== index));
    setError(null);
  };

  /** False (and the error shown) when the choice cannot be saved. */
  const check = (): boolean => {
    // A refused choice (too many images) stays on screen until it is fixed: nothing is saved meanwhile.
    if (images.length > PRODUCT_MAX_IMAGES || error?.startsWith(IMAGES_COUNT)) {
      setError(error?.startsWith(IMAGES_COUNT) ? error : IMAGES_COUNT);
      return false;
    }
    if (!editing && images.length === 0) {
      setError("L'image est requise.");
      return false;
    }
    return true;
  };

  return { images, error, setError, add, remove, check };
}

export type ProductImages = ReturnType<typeof useProductImages>;
