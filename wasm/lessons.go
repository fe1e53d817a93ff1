//go:build js && wasm

package main

import (
	"bytes"
	"io/fs"
	"strings"

	"github.com/kubeplay/kubeplay/assets"
	"github.com/kubeplay/kubeplay/core/lesson"
	"github.com/kubeplay/kubeplay/core/session"
	"golang.org/x/tools/txtar"
)

// lessonInfo describes one embedded lesson for the page's Lessons menu.
type lessonInfo struct {
	Name  string `json:"name"`
	Title string `json:"title"`
}

// lessons lists the embedded lessons in the order of lessons/index.
func lessons() ([]lessonInfo, error) {
	index, err := fs.ReadFile(assets.Lessons, "lessons/index")
	if err != nil {
		return nil, err
	}
	list := []lessonInfo{}
	for _, name := range strings.Split(string(index), "\n") {
		if name = strings.TrimSpace(name); name == "" || strings.HasPrefix(name, "#") {
			continue
		}
		data, _, err := embeddedLesson(name)
		if err != nil {
			return nil, err
		}
		// The menu needs the title alone; lesson.Parse checks the rest
		// when the lesson is opened.
		a := txtar.Parse(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n")))
		list = append(list, lessonInfo{Name: name, Title: title(a.Comment)})
	}
	return list, nil
}

// embeddedLesson returns the archive of the named lesson and its file name.
func embeddedLesson(name string) ([]byte, string, error) {
	return embedded(assets.Lessons, "lessons", "lesson", name)
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
