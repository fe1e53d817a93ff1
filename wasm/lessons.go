//go:build js && wasm

package main

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/kubeplay/kubeplay/assets"
	"github.com/kubeplay/kubeplay/core/lesson"
	"github.com/kubeplay/kubeplay/core/session"
)

// embeddedLesson is the named lesson in lang (its Lang says which it is).
func embeddedLesson(name, lang string) (*lesson.Lesson, error) {
	if err := checkName("lesson", name); err != nil {
		return nil, err
	}
	sub, err := fs.Sub(assets.Lessons, "lessons")
	if err != nil {
		return nil, err
	}
	l, err := lesson.Load(sub, name, lang)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("no lesson %q", name)
	}
	return l, err
}

// ownLesson is a trainer's lesson, in lang when its translation (the text
// of an overlay) is given.
func ownLesson(name, text, lang, translation string) (*lesson.Lesson, error) {
	l, err := lesson.Parse(name, []byte(text))
	if err != nil || translation == "" || lang == "en" {
		return l, err
	}
	return lesson.Translate(l, lang, lang+"/"+name, []byte(translation))
}

// lessonResult turns an opened lesson into JSON; a setup that stops part
// way still returns what ran, with the error in "error".
func lessonResult(r *session.LessonResult, err error) (any, error) {
	if r == nil {
		return nil, err
	}
	out := struct {
		*session.LessonResult
		Error string `json:"error,omitempty"`
	}{LessonResult: r}
	if err != nil {
		out.Error = err.Error()
	}
	return jsonString(out)
}

// decoded is decode(state, lang): the session of a share link or saved
// state, inside its lesson again when it was taken in an embedded one. A
// lesson that cannot be attached (renamed since, or the session not its)
// leaves the session as decoded, a LoadResult whose lessonRef says which
// lesson it was in.
func decoded(s *session.Session, state, lang string) (any, error) {
	r, err := s.Decode(state)
	if r == nil || r.LessonRef == "" {
		return loadResult(r, err)
	}
	if l, lerr := embeddedLesson(r.LessonRef, lang); lerr == nil {
		if lr, aerr := s.AttachLesson(r, l, r.LessonRef); aerr == nil {
			return lessonResult(lr, err)
		}
	}
	return loadResult(r, err)
}

// lessonChecks is checks(step): the step's checks at the tick shown.
func lessonChecks(s *session.Session, step int) (any, error) {
	states, err := s.LessonChecks(step)
	if err != nil {
		return nil, err
	}
	if states == nil {
		states = []lesson.State{}
	}
	return jsonString(states)
}
