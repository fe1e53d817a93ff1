package assets

import "embed"

// LessonCatalogs are the sentences of the lessons' checks in each language,
// i18n/LANG/lesson.json (core/lesson.Msg): `play --check --lang` renders
// what the checks saw with them, as the page does.
//
//go:embed i18n/*/lesson.json
var LessonCatalogs embed.FS
