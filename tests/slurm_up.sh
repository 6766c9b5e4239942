#!/bin/sh
# prototype
